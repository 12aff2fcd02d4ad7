package org.entangle.app;

import org.entangle.work.Failures;

/**
 * Something that went wrong, as the user sees it: whole sentences saying what happened and what to do, and the
 * technical details (the cause chain, each cause's message, then the stack trace) shown only on request.
 *
 * @param summary what happened and what to do, in whole sentences
 * @param details the technical details, shown on request
 */
public record Problem(String summary, String details) {

    /** A problem from a failed action: {@code what} names the action, the causes say why ({@link Failures}). */
    public static Problem of(String what, Throwable cause) {
        return new Problem(Failures.summary(what, cause), Failures.details(cause));
    }
}
