package org.entangle.network;

/** Forward scans accumulate from wire 0 upwards; backward scans from wire n−1 downwards. */
public enum Direction {
    FORWARD("forward"),
    BACKWARD("backward");

    private final String token;

    Direction(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }

    public static Direction fromToken(String token) {
        for (Direction d : values()) {
            if (d.token.equals(token)) return d;
        }
        return null;
    }
}
