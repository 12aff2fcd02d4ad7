package org.entangle.app.program;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * Syntax highlighting of the angelic language (the keywords of {@code org.entangle.lang.Scanner}, the angels
 * {@code !!} and {@code ??}, comments, numbers) as RichTextFX style spans; the error underline is added on the
 * span of the reported line.
 */
final class AngelHighlighter {

    private static final Pattern TOKENS = Pattern.compile(
            "(?<COMMENT>//[^\\n]*)"
            + "|(?<ANGEL>!!|\\?\\?)"
            + "|(?<KEYWORD>\\b(?:for|in|parallel|if|else|assert|assume|algebra|model|true|false)\\b)"
            + "|(?<NUMBER>\\b\\d+\\b)");

    private AngelHighlighter() {
    }

    /** Style spans for {@code text}; the line {@code errorLine} (1-based, or 0 for none) is underlined. */
    static StyleSpans<Collection<String>> spans(String text, int errorLine) {
        Matcher m = TOKENS.matcher(text);
        StyleSpansBuilder<Collection<String>> spans = new StyleSpansBuilder<>();
        int errorStart = -1;
        int errorEnd = -1;
        if (errorLine > 0) {
            int line = 1;
            int i = 0;
            while (line < errorLine && i < text.length()) {
                if (text.charAt(i++) == '\n') line++;
            }
            errorStart = i;
            int nl = text.indexOf('\n', i);
            errorEnd = nl < 0 ? text.length() : nl;
        }
        int last = 0;
        while (m.find()) {
            add(spans, last, m.start(), null, errorStart, errorEnd);
            String cls = m.group("COMMENT") != null ? "comment" : m.group("ANGEL") != null ? "angel"
                    : m.group("KEYWORD") != null ? "keyword" : "number";
            add(spans, m.start(), m.end(), cls, errorStart, errorEnd);
            last = m.end();
        }
        add(spans, last, text.length(), null, errorStart, errorEnd);
        return spans.create();
    }

    private static void add(StyleSpansBuilder<Collection<String>> spans, int from, int to, String cls, int errorStart, int errorEnd) {
        for (int i = from; i < to; ) {
            boolean inError = i >= errorStart && i < errorEnd;
            int next = inError ? Math.min(to, errorEnd) : (i < errorStart ? Math.min(to, errorStart) : to);
            List<String> classes = new java.util.ArrayList<>();
            if (cls != null) classes.add(cls);
            if (inError) classes.add("error");
            spans.add(classes, next - i);
            i = next;
        }
        if (from == to && from == 0) spans.add(List.of(), 0);
    }
}
