package org.entangle.generalize.variants;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.entangle.lang.Expr;
import org.entangle.lang.Printer;
import org.entangle.lang.Program;
import org.entangle.lang.Segments;
import org.entangle.lang.Stmt;
import org.entangle.lang.TokenType;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;

/**
 * Functional variants of a deterministic scan program, derived on its syntax tree and printed as a new program
 * (the talk's "functional variants of the algorithm: forward/backward × inclusive/exclusive, segmented scan",
 * "Forward to Backward", "Segmented Scans", BK3). Each derived program states its own specification in
 * its final assertion, so {@code Verifier} checks it like any program.
 * <ul>
 *   <li>{@link Variant#BACKWARD}: every array index e becomes N − 1 − e (the mirror) and a sum of two elements swaps
 *       its operands (the mirror reverses their order); the assertion becomes a backward scan.</li>
 *   <li>{@link Variant#EXCLUSIVE}: one more block shifts the inclusive result by one wire toward the open end and
 *       writes {@code identity()} at the start (the shift of an inclusive scan).</li>
 *   <li>{@link Variant#SEGMENTED_FLAGS}, {@link Variant#SEGMENTED_HEADS}: the program declares
 *       {@code segments flags | heads}: its operator is lifted to (flag, value) pairs, the network is unchanged.</li>
 *   <li>{@link Variant#RADIX3}, {@link Variant#RADIX4}: see {@link RadixTransform}; they keep the source's range of
 *       N (a Brent–Kung program that verifies for every N gives radix-k programs that do).</li>
 * </ul>
 * Closed forms, with size counting the combines: the backward variant's network is the mirror of the source's,
 * with its size, depth and steps; the exclusive variant adds one step of copies and an identity, so the same size
 * and one more step (Brent–Kung at N = 2^k: size 2N − log2 N − 2, 2·log2 N steps); a segmented variant's network
 * is the source's; radix k has its own (see {@link RadixTransform}).
 */
public final class ProgramVariants {

    /** The variants {@code entangle variant --to} derives. */
    public enum Variant {
        BACKWARD("backward"), EXCLUSIVE("exclusive"), SEGMENTED_FLAGS("segmented-flags"),
        SEGMENTED_HEADS("segmented-heads"), RADIX3("radix3", 3), RADIX4("radix4", 4);

        private final String token;
        private final int radix;

        Variant(String token) {
            this(token, 0);
        }

        Variant(String token, int radix) {
            this.token = token;
            this.radix = radix;
        }

        public String token() {
            return token;
        }

        /** The radix k of a radix-k variant, 0 for the others. */
        public int radix() {
            return radix;
        }

        /** The variant named {@code token}, or null. */
        public static Variant fromToken(String token) {
            for (Variant v : values()) if (v.token.equals(token)) return v;
            return null;
        }
    }

    private ProgramVariants() {
    }

    /** The text of {@code variant} of {@code program}; {@link IllegalArgumentException} when it does not apply. */
    public static String derive(Program program, Variant variant) {
        List<String> names = new ArrayList<>(program.slotNames());
        if (program.segments() != Segments.NONE && (variant == Variant.BACKWARD || variant == Variant.EXCLUSIVE)) {
            throw new IllegalArgumentException("the segmented operator is declared for a forward inclusive scan (segments "
                    + program.segments().token() + "); derive the " + variant.token() + " variant from the unsegmented program");
        }
        List<Stmt> statements = switch (variant) {
            case BACKWARD -> backward(program.statements(), names);
            case EXCLUSIVE -> exclusive(program.statements(), names);
            case SEGMENTED_FLAGS, SEGMENTED_HEADS -> segmentable(program);
            case RADIX3, RADIX4 -> RadixTransform.apply(program.statements(), names, variant.radix());
        };
        Segments segments = switch (variant) {
            case SEGMENTED_FLAGS -> Segments.FLAGS;
            case SEGMENTED_HEADS -> Segments.HEADS;
            default -> program.segments();
        };
        return "// " + variant.token() + " variant, derived by 'entangle variant'\n"
                + Printer.print(statements, names, program.algebra(), segments);
    }

    private static List<Stmt> backward(List<Stmt> statements, List<String> names) {
        Expr last = Trees.minus(Trees.var("N", slot(names, "N")), Trees.num(1));
        List<Stmt> mirrored = Trees.rewriteAll(statements, e -> mirrorAccess(last, e));
        return withResult(mirrored, spec -> spec.withDirection(spec.direction() == Direction.FORWARD ? Direction.BACKWARD : Direction.FORWARD));
    }

    /**
     * The mirror of an array access; a sum of two elements also swaps its operands, since {@code +} on x elements
     * keeps the written order ([a, b] + [b + 1, c]) and the mirror reverses the order of the wires.
     */
    private static Expr mirrorAccess(Expr last, Expr e) {
        if (e instanceof Expr.Element el) return new Expr.Element(el.at(), mirror(last, el.index()));
        if (e instanceof Expr.Binary b && b.at().type() == TokenType.PLUS && b.left() instanceof Expr.Element
                && b.right() instanceof Expr.Element) {
            return new Expr.Binary(mirrorAccess(last, b.right()), b.at(), mirrorAccess(last, b.left()));
        }
        return null;
    }

    /** N − 1 − e, with the minus distributed over a sum or difference: N − 1 − (a − b) = N − 1 − a + b. */
    private static Expr mirror(Expr last, Expr e) {
        if (e instanceof Expr.Binary b && (b.at().type() == TokenType.PLUS || b.at().type() == TokenType.MINUS)) {
            Expr left = mirror(last, b.left());
            return b.at().type() == TokenType.PLUS ? Trees.minus(left, b.right()) : Trees.plus(left, b.right());
        }
        return Trees.minus(last, e);
    }

    private static List<Stmt> exclusive(List<Stmt> statements, List<String> names) {
        ScanSpec spec = resultSpec(statements);
        if (spec.kind() != ResultKind.INCLUSIVE) {
            throw new IllegalArgumentException("the shift turns an inclusive scan into an exclusive one; this program asserts "
                    + spec.kind().token());
        }
        boolean forward = spec.direction() == Direction.FORWARD;
        Expr n = Trees.var("N", slot(names, "N"));
        String lane = "i";
        int laneSlot = slot(names, lane);
        Expr i = Trees.var(lane, laneSlot);
        Expr open = forward ? Trees.num(0) : Trees.minus(n, Trees.num(1));
        Expr neighbour = forward ? Trees.minus(i, Trees.num(1)) : Trees.plus(i, Trees.num(1));
        Stmt identity = new Stmt.Assign(Trees.token(TokenType.IDENTIFIER, "x"), -1, i, Trees.token(TokenType.EQUAL, "="),
                new Expr.Call(Trees.token(TokenType.IDENTIFIER, "identity"), List.of()));
        Stmt shift = new Stmt.Assign(Trees.token(TokenType.IDENTIFIER, "x"), -1, i, Trees.token(TokenType.EQUAL, "="),
                Trees.element(neighbour));
        Stmt body = new Stmt.If(Trees.token(TokenType.IF, "if"), Trees.binary(i, TokenType.EQUAL_EQUAL, "==", open),
                List.of(identity), List.of(shift));
        Stmt block = new Stmt.Parallel(Trees.token(TokenType.PARALLEL, "parallel"), Trees.token(TokenType.IDENTIFIER, lane),
                laneSlot, Trees.num(0), Trees.minus(n, Trees.num(1)), List.of(body));
        List<Stmt> out = new ArrayList<>();
        boolean inserted = false;
        for (Stmt s : statements) {
            if (s instanceof Stmt.AssertResult && !inserted) {
                out.add(block);
                inserted = true;
            }
            out.add(s);
        }
        return withResult(out, sp -> sp.withKind(ResultKind.EXCLUSIVE));
    }

    private static List<Stmt> segmentable(Program program) {
        if (program.segments() != Segments.NONE) {
            throw new IllegalArgumentException("the program is already a segmented scan (segments " + program.segments().token() + ")");
        }
        ScanSpec spec = resultSpec(program.statements());
        if (spec.kind() != ResultKind.INCLUSIVE || spec.direction() != Direction.FORWARD) {
            throw new IllegalArgumentException("the lifted operator makes a forward inclusive scan segmented; this program asserts a "
                    + spec.direction().token() + " " + spec.kind().token() + " result");
        }
        return program.statements();
    }

    private static ScanSpec resultSpec(List<Stmt> statements) {
        for (Stmt s : statements) if (s instanceof Stmt.AssertResult r) return r.spec();
        throw new IllegalArgumentException("the program has no 'assert scan(x)' to derive a variant of");
    }

    private static List<Stmt> withResult(List<Stmt> statements, UnaryOperator<ScanSpec> change) {
        resultSpec(statements);
        List<Stmt> out = new ArrayList<>(statements.size());
        for (Stmt s : statements) {
            out.add(s instanceof Stmt.AssertResult r ? new Stmt.AssertResult(r.at(), change.apply(r.spec())) : s);
        }
        return out;
    }

    /** The slot of {@code name}, appended to {@code names} when the program has none. */
    static int slot(List<String> names, String name) {
        int at = names.indexOf(name);
        if (at >= 0) return at;
        names.add(name);
        return names.size() - 1;
    }
}
