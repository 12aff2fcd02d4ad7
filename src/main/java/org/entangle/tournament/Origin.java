package org.entangle.tournament;

/**
 * Where a tournament candidate comes from. The oracle-chosen origins are the uniform samples of a space of angelic
 * traces and the optimiser's proven minima; the classic families are Kogge and Stone 1973, Sklansky 1960, Brent and
 * Kung 1982, Han and Carlson 1987 and Ladner and Fischer 1980, against which the others are compared.
 */
public enum Origin {
    /** One of the five classic families at the tournament's width. */
    CLASSIC("classic", false),
    /** Another network of the catalogue (Knowles, Blelloch, the radix Brent–Kung, serial). */
    CATALOGUE("catalogue", false),
    /** A uniform sample of the safe traces of a spec form or program (the forest engine). */
    SAMPLE("sample", true),
    /** A minimum-size network of its depth found by the optimiser (the Pareto front over depths). */
    OPTIMISER("optimiser", true),
    /** A network the user gave: a file on the command line, or the workbench's working set. */
    FILE("file", false);

    private final String token;
    private final boolean oracleChosen;

    Origin(String token, boolean oracleChosen) {
        this.token = token;
        this.oracleChosen = oracleChosen;
    }

    public String token() {
        return token;
    }

    /** Whether the angels (a sample) or the optimiser chose this network rather than a person. */
    public boolean oracleChosen() {
        return oracleChosen;
    }
}
