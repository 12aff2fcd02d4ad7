package org.entangle.app.entangle;

/**
 * Which of the program's oracle traces the entanglement panel analyses: every safe trace, those of the gallery's
 * filtered networks, or a uniform sample.
 */
public enum TraceSource {
    ALL("all"), FILTERED("filtered"), SAMPLED("sampled");

    private final String label;

    TraceSource(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
