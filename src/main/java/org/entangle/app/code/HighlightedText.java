package org.entangle.app.code;

import java.util.Collection;
import org.fxmisc.richtext.model.StyleSpans;

/**
 * A text with its syntax highlighting ({@link CodeHighlighter#spans}), worked out together off the UI thread: a
 * generated kernel of a wide network has tens of thousands of spans, which took 30–110 ms to find.
 *
 * @param text  the text
 * @param spans its style spans, covering all of it
 */
public record HighlightedText(String text, StyleSpans<Collection<String>> spans) {

    /** {@code text} highlighted by {@code highlighter}. */
    public static HighlightedText of(CodeHighlighter highlighter, String text) {
        return new HighlightedText(text, highlighter.spans(text));
    }
}
