package org.entangle.network.io;

/**
 * A network file that cannot be read, located in the style of compilers (jlox's "[line N] Error"): the message
 * is {@code source:line:column: what is wrong}, one line, with 1-based line and column.
 */
public class NetworkFormatException extends RuntimeException {

    private final String source;
    private final int line;
    private final int column;
    private final String problem;

    public NetworkFormatException(String source, int line, int column, String problem) {
        super(source + ":" + line + ":" + column + ": " + problem);
        this.source = source;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    /** The file name (or another label) the text came from. */
    public String source() {
        return source;
    }

    /** The 1-based line of the problem. */
    public int line() {
        return line;
    }

    /** The 1-based column of the problem. */
    public int column() {
        return column;
    }

    /** What is wrong, without the location. */
    public String problem() {
        return problem;
    }
}
