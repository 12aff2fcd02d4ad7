package org.entangle.network;

/**
 * The two execution models of a scan network: the in-place SIMD model and the circuit model.
 * <ul>
 *   <li>{@link #IN_PLACE}: the talk's SIMD model and what a GPU block does in shared memory. A wire holds one
 *       value; within a step all reads happen before all writes; a wire is written at most once per step.</li>
 *   <li>{@link #CIRCUIT}: hardware prefix graphs. Every value ever computed stays readable, so an op may read
 *       an older value of its source wire ({@link Op#srcStep()}).</li>
 * </ul>
 * The in-place model is a restriction of the circuit model.
 */
public enum MemoryModel {
    IN_PLACE("inplace"),
    CIRCUIT("circuit");

    private final String token;

    MemoryModel(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }

    public static MemoryModel fromToken(String token) {
        for (MemoryModel m : values()) {
            if (m.token.equals(token)) return m;
        }
        return null;
    }
}
