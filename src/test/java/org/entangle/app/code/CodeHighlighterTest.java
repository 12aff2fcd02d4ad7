package org.entangle.app.code;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.fxmisc.richtext.model.StyleSpan;
import org.fxmisc.richtext.model.StyleSpans;
import org.junit.jupiter.api.Test;

/** Highlighting: spans cover the text exactly, and each token gets its class (comments win over what they contain). */
class CodeHighlighterTest {

    /** The style class at each character ("" for plain text). */
    private static List<String> classes(StyleSpans<Collection<String>> spans) {
        List<String> out = new ArrayList<>();
        for (StyleSpan<Collection<String>> s : spans) {
            for (int i = 0; i < s.getLength(); i++) out.add(s.getStyle().isEmpty() ? "" : s.getStyle().iterator().next());
        }
        return out;
    }

    private static String classAt(List<String> classes, String text, String token) {
        return classes.get(text.indexOf(token));
    }

    @Test
    void cudaTokensGetTheirClasses() {
        String text = "#define WIDTH 16\n__global__ void scan(const int* in) { // int here is a comment\n  return 0x1fu; }\n";
        List<String> c = classes(CodeHighlighter.CUDA.spans(text));
        assertEquals(text.length(), c.size());
        assertEquals("preprocessor", classAt(c, text, "#define"));
        assertEquals("keyword", classAt(c, text, "__global__"));
        assertEquals("type", classAt(c, text, "void"));
        assertEquals("keyword", classAt(c, text, "const"));
        assertEquals("comment", classAt(c, text, "int here"));
        assertEquals("number", classAt(c, text, "0x1fu"));
        assertEquals("", classAt(c, text, "scan"));
    }

    @Test
    void angelicTokensGetTheirClasses() {
        String text = "for i in 0 .. N { if (??) { x[i] = x[!!] + x[i] } } // ?? in a comment\n";
        List<String> c = classes(CodeHighlighter.ANGELIC.spans(text));
        assertEquals(text.length(), c.size());
        assertEquals("keyword", classAt(c, text, "for"));
        assertEquals("angel", classAt(c, text, "??"));
        assertEquals("angel", classAt(c, text, "!!"));
        assertEquals("number", classAt(c, text, "0"));
        assertEquals("comment", classAt(c, text, "// ??"));
        assertEquals(0, classes(CodeHighlighter.ANGELIC.spans("")).size());
    }
}
