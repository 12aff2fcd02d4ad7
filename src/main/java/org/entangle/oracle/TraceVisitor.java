package org.entangle.oracle;

/** Receives traces from an enumeration; returning false stops it (a {@code --limit}, a full buffer). */
@FunctionalInterface
public interface TraceVisitor {

    boolean visit(Trace trace);
}
