package org.entangle.app.code;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * Syntax highlighting as RichTextFX style spans from one regular expression whose named groups are the style
 * classes ({@code comment}, {@code keyword}, {@code type}, {@code number}, …; base.css colours them). Two
 * languages: CUDA C++ (the kernels of {@code org.entangle.cuda}) and the angelic language with its holes
 * ({@code resources/docs/language.md}).
 */
public final class CodeHighlighter {

    /** The style classes a pattern may name, in the order they are tried. */
    private static final List<String> CLASSES = List.of("comment", "angel", "preprocessor", "keyword", "type", "number", "string");

    /** CUDA C++: comments, preprocessor lines, keywords and qualifiers, built-in types, numbers, strings. */
    public static final CodeHighlighter CUDA = new CodeHighlighter(Pattern.compile(
            "(?<comment>//[^\\n]*|/\\*(?s:.*?)\\*/)"
            + "|(?<preprocessor>^[ \\t]*#[^\\n]*)"
            + "|(?<keyword>\\b(?:if|else|for|while|do|return|switch|case|default|break|continue|typedef|struct|const"
            + "|static|extern|inline|template|typename|constexpr|__global__|__device__|__host__|__shared__|__forceinline__"
            + "|__syncthreads|__restrict__|sizeof)\\b)"
            + "|(?<type>\\b(?:void|bool|char|short|int|long|unsigned|signed|float|double|size_t|u?int(?:8|16|32|64)_t|T|V)\\b)"
            + "|(?<number>\\b(?:0[xX][0-9a-fA-F]+|\\d+(?:\\.\\d*)?(?:[eE][+-]?\\d+)?)[uUlLfF]*\\b)"
            + "|(?<string>\"(?:[^\"\\\\\\n]|\\\\.)*\")", Pattern.MULTILINE));

    /** The angelic language: comments, the angels {@code !!} and holes {@code ??}, keywords, numbers. */
    public static final CodeHighlighter ANGELIC = new CodeHighlighter(Pattern.compile(
            "(?<comment>//[^\\n]*)"
            + "|(?<angel>!!|\\?\\?)"
            + "|(?<keyword>\\b(?:for|in|parallel|if|else|assert|assume|algebra|model|true|false|scan|reduce|log2)\\b)"
            + "|(?<number>\\b\\d+\\b)"));

    private final Pattern pattern;

    private CodeHighlighter(Pattern pattern) {
        this.pattern = pattern;
    }

    /** Style spans covering all of {@code text}. */
    public StyleSpans<Collection<String>> spans(String text) {
        Matcher m = pattern.matcher(text);
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        int last = 0;
        while (m.find()) {
            spans.add(List.of(), m.start() - last);
            spans.add(List.of(styleOf(m)), m.end() - m.start());
            last = m.end();
        }
        spans.add(List.of(), text.length() - last);
        return spans.create();
    }

    private String styleOf(Matcher m) {
        for (String c : CLASSES) {
            if (pattern.pattern().contains("(?<" + c + ">") && m.group(c) != null) return c;
        }
        throw new IllegalStateException("a match outside every group of " + pattern);
    }
}
