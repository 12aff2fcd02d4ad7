package org.entangle.diagram.export;

/**
 * Escapes label text for LaTeX: the ten special characters, and the few non-ASCII symbols diagrams use (ε for
 * the empty range, dashes in family names, ⊕, ·) as their LaTeX commands. Other non-ASCII characters become '?'.
 */
final class TexText {

    private TexText() {
    }

    static void escape(StringBuilder sb, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\textbackslash{}");
                case '{', '}', '$', '&', '#', '_', '%' -> sb.append('\\').append(c);
                case '^' -> sb.append("\\textasciicircum{}");
                case '~' -> sb.append("\\textasciitilde{}");
                case '\u03b5' -> sb.append("$\\varepsilon$");
                case '\u2013' -> sb.append("--");
                case '\u2014' -> sb.append("---");
                case '\u2295' -> sb.append("$\\oplus$");
                case '\u00b7' -> sb.append("$\\cdot$");
                case '\u00d7' -> sb.append("$\\times$");
                default -> sb.append(c < 128 ? c : '?');
            }
        }
    }
}
