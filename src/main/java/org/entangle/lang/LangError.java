package org.entangle.lang;

/**
 * A static or dynamic error in an angelic program, located as {@code line:column} with the offending text:
 * {@code 3:7: expected '..' after the loop start, found 'to'}. It is a problem of the program, never a failed
 * execution (those are {@link ExecutionFailure}s and only make a trace unsafe).
 */
public final class LangError extends RuntimeException {

    private final int line;
    private final int column;

    public LangError(Token at, String message) {
        this(at.line(), at.column(), message);
    }

    public LangError(int line, int column, String message) {
        super(line + ":" + column + ": " + message);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
