package org.entangle.cli.common;

/** The command line's exit statuses: 0 success, 1 not a correct scan (or nothing found), 2 bad input or usage. */
public final class ExitStatus {

    /** Success. */
    public static final int OK = 0;
    /** The network is not a correct scan, or nothing was found. */
    public static final int WRONG = 1;
    /** Bad input or usage. */
    public static final int BAD_INPUT = 2;

    private ExitStatus() {
    }
}
