package org.entangle.lang;

import java.util.ArrayList;
import java.util.List;

/**
 * The expressions a sketch hole {@code ??} ranges over (after Solar-Lezama's SKETCH generators): integer
 * variables, constants in {@code [constLo, constHi]}, the integer operators {@code operators}, comparisons of
 * two integer expressions and, in conditions, one {@code &&} or {@code ||} of two comparisons, of at most
 * {@code maxSize} nodes (leaves and operators). A hole is narrowed by an annotation on one line:
 * {@code ??{vars: i, step, N; consts: 0..2; ops: + - * / % <<; size: 9}}; every key is optional and an
 * omitted key keeps its default (every integer variable in scope, 0..2, {@code + - * / % <<}, 9).
 */
public record HoleGrammar(List<String> variables, int constLo, int constHi, List<String> operators, int maxSize) {

    /** The default size bound of a hole. */
    public static final int DEFAULT_SIZE = 9;
    /** The default integer operators. */
    public static final List<String> DEFAULT_OPERATORS = List.of("+", "-", "*", "/", "%", "<<");
    private static final List<String> ALL_OPERATORS = List.of("+", "-", "*", "/", "%", "<<", ">>");

    /** Whether the grammar has no expression at all (no variable and no constant). */
    public boolean isEmpty() {
        return variables.isEmpty() && constLo > constHi;
    }

    /** Parses the annotation text between the braces (empty for none); {@code scope} is the variables in scope. */
    public static HoleGrammar parse(String annotation, List<String> scope, Token at) {
        List<String> vars = List.copyOf(scope);
        int lo = 0;
        int hi = 2;
        List<String> ops = DEFAULT_OPERATORS;
        int size = DEFAULT_SIZE;
        for (String clause : annotation.split(";")) {
            if (clause.isBlank()) continue;
            int colon = clause.indexOf(':');
            if (colon < 0) throw new LangError(at, "hole annotation '" + clause.trim() + "' is not 'key: value' (vars, consts, ops, size)");
            String key = clause.substring(0, colon).trim();
            String value = clause.substring(colon + 1).trim();
            switch (key) {
                case "vars" -> vars = variables(value, scope, at);
                case "consts" -> {
                    int[] range = constants(value, at);
                    lo = range[0];
                    hi = range[1];
                }
                case "ops" -> ops = operators(value, at);
                case "size" -> size = size(value, at);
                default -> throw new LangError(at, "unknown hole annotation key '" + key + "' (vars, consts, ops, size)");
            }
        }
        HoleGrammar grammar = new HoleGrammar(vars, lo, hi, ops, size);
        if (grammar.isEmpty()) throw new LangError(at, "the hole's grammar is empty: it has no variable and no constant");
        return grammar;
    }

    private static List<String> variables(String value, List<String> scope, Token at) {
        List<String> vars = new ArrayList<>();
        for (String name : value.split(",")) {
            String n = name.trim();
            if (n.isEmpty()) continue;
            if (!scope.contains(n)) throw new LangError(at, "hole variable '" + n + "' is not in scope (in scope: " + String.join(", ", scope) + ")");
            if (!vars.contains(n)) vars.add(n);
        }
        return List.copyOf(vars);
    }

    private static int[] constants(String value, Token at) {
        if (value.equals("none")) return new int[] {1, 0};
        String[] parts = value.split("\\.\\.");
        if (parts.length != 2 || !isInteger(parts[0].trim()) || !isInteger(parts[1].trim())) {
            throw new LangError(at, "hole constants '" + value + "' are not 'lo..hi' or 'none'");
        }
        return new int[] {Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim())};
    }

    private static boolean isInteger(String text) {
        return text.matches("-?\\d{1,9}");
    }

    private static List<String> operators(String value, Token at) {
        List<String> ops = new ArrayList<>();
        for (String op : value.trim().split("\\s+")) {
            if (op.isEmpty() || op.equals("none")) continue;
            if (!ALL_OPERATORS.contains(op)) throw new LangError(at, "unknown hole operator '" + op + "' (" + String.join(" ", ALL_OPERATORS) + ")");
            if (!ops.contains(op)) ops.add(op);
        }
        return List.copyOf(ops);
    }

    private static int size(String value, Token at) {
        if (!isInteger(value) || Integer.parseInt(value) < 1 || Integer.parseInt(value) > 31) {
            throw new LangError(at, "hole size '" + value + "' is not a number in 1..31");
        }
        return Integer.parseInt(value);
    }
}
