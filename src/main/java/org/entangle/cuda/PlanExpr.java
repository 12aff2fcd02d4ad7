package org.entangle.cuda;

/**
 * An integer or boolean expression of a program kernel ({@link ProgramPlan}): what an expression of the
 * angelic language (resources/docs/language.md, "Expressions") becomes on the GPU. Each node both renders
 * itself as CUDA C and evaluates itself with the language's integer semantics (Java {@code int}: truncating
 * division, shift counts taken modulo 32, which the C rendering reproduces), so one tree is what the kernel
 * computes and what {@link ProgramPlan#networkAt} replays on the CPU. Booleans evaluate to 0 and 1.
 */
sealed interface PlanExpr {

    /** The value with the scalars {@code env} (indexed by program slot). */
    int eval(int[] env);

    /** The CUDA C text. */
    String c();

    /** An integer or boolean literal. */
    record Constant(int value, boolean bool) implements PlanExpr {
        public int eval(int[] env) {
            return value;
        }

        public String c() {
            return bool ? (value != 0 ? "true" : "false") : Integer.toString(value);
        }
    }

    /** A scalar of the program (a uniform register of the kernel) or the parameter {@code N}. */
    record Scalar(int slot, String cName) implements PlanExpr {
        public int eval(int[] env) {
            return env[slot];
        }

        public String c() {
            return cName;
        }
    }

    /** {@code -e} or {@code !e}. */
    record Unary(boolean negate, PlanExpr operand) implements PlanExpr {
        public int eval(int[] env) {
            int v = operand.eval(env);
            return negate ? -v : (v == 0 ? 1 : 0);
        }

        public String c() {
            return (negate ? "(-" : "(!") + operand.c() + ")";
        }
    }

    /** {@code log2(e)}: the floor of the base-2 logarithm (the language's {@code log2}, e at least 1). */
    record Log2(PlanExpr operand) implements PlanExpr {
        public int eval(int[] env) {
            int v = operand.eval(env);
            if (v < 1) throw new IllegalStateException("log2 of " + v + " is undefined");
            return 31 - Integer.numberOfLeadingZeros(v);
        }

        public String c() {
            return "log2_floor(" + operand.c() + ")";
        }
    }

    /** {@code log(b, e)}: the floor of the base-b logarithm (the language's {@code log}, b at least 2, e at least 1). */
    record Log(PlanExpr base, PlanExpr operand) implements PlanExpr {
        public int eval(int[] env) {
            int b = base.eval(env);
            int v = operand.eval(env);
            if (b < 2 || v < 1) throw new IllegalStateException("log(" + b + ", " + v + ") is undefined");
            return org.entangle.lang.Builtins.floorLog(b, v);
        }

        public String c() {
            return "log_floor(" + base.c() + ", " + operand.c() + ")";
        }
    }

    /** A binary operator given by its source symbol; {@code &&} and {@code ||} short-circuit in both forms. */
    record Binary(String symbol, PlanExpr left, PlanExpr right) implements PlanExpr {
        public int eval(int[] env) {
            if (symbol.equals("&&")) return left.eval(env) != 0 && right.eval(env) != 0 ? 1 : 0;
            if (symbol.equals("||")) return left.eval(env) != 0 || right.eval(env) != 0 ? 1 : 0;
            int a = left.eval(env);
            int b = right.eval(env);
            return switch (symbol) {
                case "+" -> a + b;
                case "-" -> a - b;
                case "*" -> a * b;
                case "/" -> a / nonZero(b);
                case "%" -> a % nonZero(b);
                case "<<" -> a << b;
                case ">>" -> a >> b;
                case "<" -> a < b ? 1 : 0;
                case "<=" -> a <= b ? 1 : 0;
                case ">" -> a > b ? 1 : 0;
                case ">=" -> a >= b ? 1 : 0;
                case "==" -> a == b ? 1 : 0;
                case "!=" -> a != b ? 1 : 0;
                default -> throw new IllegalStateException("operator " + symbol);
            };
        }

        public String c() {
            if (symbol.equals("<<") || symbol.equals(">>")) return "(" + left.c() + " " + symbol + " (" + right.c() + " & 31))";
            return "(" + left.c() + " " + symbol + " " + right.c() + ")";
        }

        private static int nonZero(int b) {
            if (b == 0) throw new IllegalStateException("division by zero");
            return b;
        }
    }
}
