package org.entangle.app;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Something that went wrong, as the user sees it: a one-line summary of what happened and what to do, and the
 * technical details (the stack trace) shown only on request.
 *
 * @param summary what happened, in one or two sentences
 * @param details the technical details, shown on request
 */
public record Problem(String summary, String details) {

    /** A problem from a failed action: {@code what} names the action, the cause's message says why. */
    public static Problem of(String what, Throwable cause) {
        Throwable root = cause;
        while (root.getCause() != null && root.getMessage() == null) root = root.getCause();
        String why = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        StringWriter trace = new StringWriter();
        cause.printStackTrace(new PrintWriter(trace));
        return new Problem(what + " failed: " + why, trace.toString());
    }
}
