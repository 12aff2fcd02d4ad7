package org.entangle.entanglement;

/**
 * A trace file that cannot be read, with where: {@code source:line: what is wrong}. Line numbers are 1-based;
 * 0 means the problem concerns the whole file.
 */
public class TraceFormatException extends RuntimeException {

    private final int line;

    public TraceFormatException(String source, int line, String message) {
        super(line > 0 ? source + ":" + line + ": " + message : source + ": " + message);
        this.line = line;
    }

    /** The 1-based line of the problem, or 0 for the whole file. */
    public int line() {
        return line;
    }
}
