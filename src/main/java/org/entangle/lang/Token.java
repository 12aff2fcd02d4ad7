package org.entangle.lang;

/**
 * One token with its source position (1-based line and column), as in jlox's {@code Token}.
 *
 * @param type   its kind
 * @param text   the exact source text
 * @param value  the integer value of a {@link TokenType#NUMBER}, else 0
 * @param line   1-based line
 * @param column 1-based column of its first character
 */
public record Token(TokenType type, String text, int value, int line, int column) {

    /** {@code line:column}, the form every error message and angel name uses. */
    public String position() {
        return line + ":" + column;
    }
}
