package org.entangle.diagram.export;

/** Fast, locale-independent formatting of coordinates with at most two decimals, for the text backends. */
final class Numbers {

    private Numbers() {
    }

    /** Appends {@code value} rounded to two decimals, without trailing zeros. */
    static StringBuilder append(StringBuilder sb, double value) {
        long hundredths = Math.round(value * 100);
        if (hundredths < 0) {
            sb.append('-');
            hundredths = -hundredths;
        }
        sb.append(hundredths / 100);
        long frac = hundredths % 100;
        if (frac != 0) {
            sb.append('.');
            if (frac < 10) sb.append('0');
            sb.append(frac % 10 == 0 ? frac / 10 : frac);
        }
        return sb;
    }
}
