package org.entangle.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The printer is the parser's inverse: parse(print(p)) has p's tree (compared by a position-free dump written
 * here, independently of the printer) for every shipped program and for expressions whose parentheses matter.
 */
class PrinterTest {

    private static final Path NETWORKS = Path.of(System.getProperty("networks.dir", "networks"));

    @Test
    void everyShippedProgramRoundTrips() throws IOException {
        List<Path> programs;
        try (Stream<Path> files = Files.list(NETWORKS)) {
            programs = files.filter(p -> p.toString().endsWith(".angel")).sorted().collect(Collectors.toList());
        }
        assertTrue(programs.size() >= 10, "the catalogue ships its programs: " + programs);
        for (Path p : programs) {
            Program original = Program.parse(Files.readString(p));
            String printed = Printer.print(original);
            Program reparsed = Program.parse(printed);
            assertEquals(dump(original), dump(reparsed), p + " printed as\n" + printed);
            assertEquals(printed, Printer.print(reparsed), p + ": printing is a fixpoint");
        }
    }

    @Test
    void parenthesesFollowPrecedenceAndAssociativity() {
        String source = """
                a = 1
                b = 2
                c = 3
                d = a - (b - c) + (a + b) * c - a * (b / c) % 2
                e = -(-a) + (a << b + 1) + ((a << b) + 1)
                if (!(a < b) || a == b && !(b != c) || (a == 1 || b == 2) && c == 3) { d = 0 } else if (a > 0) { d = 1 } else { d = 2 }
                """;
        Program original = Program.parse(source);
        String printed = Printer.print(original);
        assertEquals(dump(original), dump(Program.parse(printed)), printed);
        assertTrue(printed.contains("a - (b - c) + (a + b) * c"), printed);
        assertTrue(printed.contains("a << b + 1"), printed);
        assertTrue(printed.contains("} else if (a > 0) {"), printed);
    }

    @Test
    void declarationsAnglesHolesAndAssertionsRoundTrip() {
        String source = """
                algebra commutative
                segments heads
                N = 8
                parallel r in 0 .. N - 1 {
                  if (!!) { x[r] = x[r - !!(1 .. r)] + x[r] }
                }
                assert fanout(x) <= 2
                assume N > 1
                assert scan(x, exclusive, backward)
                """;
        Program original = Program.parse(source);
        String printed = Printer.print(original);
        assertEquals(dump(original), dump(Program.parse(printed)), printed);
        assertEquals(Segments.HEADS, Program.parse(printed).segments());
    }

    /** The tree without source positions: statement and expression kinds, operators, slots, values, specs. */
    private static String dump(Program p) {
        StringBuilder b = new StringBuilder(p.algebra() + " " + p.segments() + " " + p.slotNames() + "\n");
        for (Stmt s : p.statements()) dump(s, b);
        return b.toString();
    }

    private static void dump(Stmt s, StringBuilder b) {
        b.append('(').append(s.getClass().getSimpleName());
        if (s instanceof Stmt.Assign a) {
            b.append(' ').append(a.slot()).append(' ').append(a.operator().type());
            if (a.index() != null) dump(a.index(), b);
            dump(a.value(), b);
        } else if (s instanceof Stmt.If i) {
            dump(i.condition(), b);
            dumpAll(i.then(), b);
            dumpAll(i.otherwise(), b);
        } else if (s instanceof Stmt.For f) {
            b.append(' ').append(f.variable().text()).append(' ').append(f.slot()).append(' ').append(f.endSlot());
            dump(f.lo(), b);
            dump(f.hi(), b);
            dumpAll(f.body(), b);
        } else if (s instanceof Stmt.Parallel p) {
            b.append(' ').append(p.variable().text()).append(' ').append(p.slot());
            dump(p.lo(), b);
            dump(p.hi(), b);
            dumpAll(p.body(), b);
        } else if (s instanceof Stmt.Assert a) {
            dump(a.condition(), b);
        } else if (s instanceof Stmt.Assume a) {
            dump(a.condition(), b);
        } else if (s instanceof Stmt.AssertResult r) {
            b.append(' ').append(r.spec());
        }
        b.append(')');
    }

    private static void dumpAll(List<Stmt> body, StringBuilder b) {
        b.append('[');
        for (Stmt s : body) dump(s, b);
        b.append(']');
    }

    private static void dump(Expr e, StringBuilder b) {
        b.append(" (").append(e.getClass().getSimpleName());
        if (e instanceof Expr.Num n) b.append(' ').append(n.value());
        else if (e instanceof Expr.Bool v) b.append(' ').append(v.value());
        else if (e instanceof Expr.Var v) b.append(' ').append(v.slot());
        else if (e instanceof Expr.Element el) dump(el.index(), b);
        else if (e instanceof Expr.Unary u) {
            b.append(' ').append(u.at().type());
            dump(u.operand(), b);
        } else if (e instanceof Expr.Binary bin) {
            b.append(' ').append(bin.at().type());
            dump(bin.left(), b);
            dump(bin.right(), b);
        } else if (e instanceof Expr.AngelBool a) {
            b.append(' ').append(a.site().loopNames());
        } else if (e instanceof Expr.AngelInt a) {
            b.append(' ').append(a.site().loopNames());
            dump(a.lo(), b);
            dump(a.hi(), b);
        } else if (e instanceof Expr.Call c) {
            b.append(' ').append(c.at().text());
            for (Expr a : c.args()) dump(a, b);
        } else if (e instanceof Expr.Hole h) {
            b.append(' ').append(h.id()).append(' ').append(h.at().text()).append(' ').append(Arrays.toString(h.varSlots()));
        }
        b.append(')');
    }
}
