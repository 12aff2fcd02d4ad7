package org.entangle.lang;

import java.util.function.Supplier;

/**
 * One execution of an angelic program failed: an assertion did not hold, a {@code +} on x elements gave a dead
 * value, an angel had an empty range, an index was out of bounds, or two lanes wrote one element. The trace is
 * unsafe; the program itself is fine. An {@linkplain #assumption() assumption} failure prunes the execution
 * without counting as a failure. Thrown very often during a search, so it carries no stack trace and builds its
 * message only when asked.
 */
public final class ExecutionFailure extends RuntimeException {

    private final Token at;
    private final boolean assumption;
    private final transient Supplier<String> reason;

    public ExecutionFailure(Token at, Supplier<String> reason, boolean assumption) {
        super(null, null, false, false);
        this.at = at;
        this.reason = reason;
        this.assumption = assumption;
    }

    public ExecutionFailure(Token at, Supplier<String> reason) {
        this(at, reason, false);
    }

    @Override
    public String getMessage() {
        return reason.get();
    }

    /** Where it failed. */
    public Token at() {
        return at;
    }

    /** Whether this was an {@code assume} (a pruned execution, not a failed one). */
    public boolean assumption() {
        return assumption;
    }

    /** {@code line:column: reason}. */
    public String describe() {
        return at.position() + ": " + getMessage();
    }
}
