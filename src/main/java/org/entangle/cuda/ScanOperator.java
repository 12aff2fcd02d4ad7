package org.entangle.cuda;

/**
 * The operators the generated scans apply: sum, maximum and minimum, each associative and commutative, with
 * the identity the exclusive scan starts from (0, the type's lowest value, the type's highest value).
 */
public enum ScanOperator {
    ADD("add"),
    MAX("max"),
    MIN("min");

    private final String token;

    ScanOperator(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }

    /** The C expression combining {@code a} (earlier elements) with {@code b} (later elements). */
    public String cExpression(ElementType type, String a, String b) {
        return switch (this) {
            case ADD -> type.isFloating() ? a + " + " + b
                    : "(" + type.cType() + ")((" + type.unsignedCType() + ")" + a + " + (" + type.unsignedCType() + ")" + b + ")";
            case MAX -> switch (type) {
                case FLOAT32 -> "fmaxf(" + a + ", " + b + ")";
                case FLOAT64 -> "fmax(" + a + ", " + b + ")";
                default -> "(" + a + " > " + b + " ? " + a + " : " + b + ")";
            };
            case MIN -> switch (type) {
                case FLOAT32 -> "fminf(" + a + ", " + b + ")";
                case FLOAT64 -> "fmin(" + a + ", " + b + ")";
                default -> "(" + a + " < " + b + " ? " + a + " : " + b + ")";
            };
        };
    }

    /** The identity as a C literal of {@code type}. */
    public String cIdentity(ElementType type) {
        return switch (this) {
            case ADD -> type.isFloating() ? (type == ElementType.FLOAT32 ? "0.0f" : "0.0") : "0";
            case MAX -> switch (type) {
                case INT32 -> "(-2147483647 - 1)";
                case INT64 -> "(-9223372036854775807LL - 1)";
                case FLOAT32 -> "(-__int_as_float(0x7f800000))";
                case FLOAT64 -> "(-__longlong_as_double(0x7ff0000000000000LL))";
            };
            case MIN -> switch (type) {
                case INT32 -> "2147483647";
                case INT64 -> "9223372036854775807LL";
                case FLOAT32 -> "__int_as_float(0x7f800000)";
                case FLOAT64 -> "__longlong_as_double(0x7ff0000000000000LL)";
            };
        };
    }

    /** Applies the operator to two integers of {@code type} (int32 wraps like the kernel). */
    public long applyLong(ElementType type, long a, long b) {
        long r = switch (this) {
            case ADD -> a + b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
        };
        return type == ElementType.INT32 ? (int) r : r;
    }

    /** Applies the operator to two floating-point values. */
    public double applyDouble(double a, double b) {
        return switch (this) {
            case ADD -> a + b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
        };
    }

    /** The identity for integers of {@code type}. */
    public long identityLong(ElementType type) {
        return switch (this) {
            case ADD -> 0;
            case MAX -> type == ElementType.INT32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
            case MIN -> type == ElementType.INT32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
        };
    }

    /** The identity for floating-point values. */
    public double identityDouble() {
        return switch (this) {
            case ADD -> 0.0;
            case MAX -> Double.NEGATIVE_INFINITY;
            case MIN -> Double.POSITIVE_INFINITY;
        };
    }

    /** Parses a command-line token; null when unknown. */
    public static ScanOperator fromToken(String token) {
        for (ScanOperator o : values()) {
            if (o.token.equals(token)) return o;
        }
        return null;
    }
}
