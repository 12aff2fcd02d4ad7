package org.entangle.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;

/**
 * A recursive-descent parser with one method per grammar rule (after jlox's {@code Parser}); the grammar is in
 * resources/docs/language.md. It also resolves every scalar name to a slot and records the enclosing loop
 * variables of each angel, so the interpreter needs no name lookups.
 */
public final class Parser extends TokenCursor {

    private static final String ARRAY = "x";

    /**
     * The deepest nesting of blocks, parentheses, unary operators and operator chains a program may have: the
     * interpreter, the printer and the analyses walk the tree recursively, so the parser bounds its depth.
     */
    public static final int MAX_NESTING = 256;

    private final String source;
    private int nesting;
    private final Map<String, Integer> slots = new LinkedHashMap<>();
    private final Map<String, Token> firstUse = new LinkedHashMap<>();
    private final Map<String, Token> defined = new HashMap<>();
    private final List<String> loopNames = new ArrayList<>();
    private final List<Integer> loopSlots = new ArrayList<>();
    private Algebra algebra = Algebra.ASSOCIATIVE;
    private boolean usesFanout;
    private boolean usesStepFanout;
    private boolean hasAngels;
    private Segments segments = Segments.NONE;
    private int hiddenSlots;
    private int holes;

    private Parser(String source) {
        super(new Scanner(source).scanTokens());
        this.source = source;
    }

    /** Parses a whole program; throws {@link LangError} at the first syntax error. */
    public static Program parse(String source) {
        return new Parser(source).program();
    }

    // program → declaration* EOF
    private Program program() {
        List<Stmt> statements = new ArrayList<>();
        while (!check(TokenType.EOF)) {
            if (match(TokenType.ALGEBRA)) {
                algebra = Declarations.algebra(consume(TokenType.IDENTIFIER, "expected associative, commutative or idempotent after 'algebra'"));
            } else if (match(TokenType.MODEL)) {
                Declarations.model(consume(TokenType.IDENTIFIER, "expected inplace or circuit after 'model'"));
            } else if (atSegmentsDeclaration()) {
                advance();
                segments = Declarations.segments(advance());
            } else {
                statements.add(statement());
            }
        }
        List<String> names = new ArrayList<>(slots.keySet());
        return new Program(source, List.copyOf(statements), List.copyOf(names), algebra, usesFanout, usesStepFanout, hasAngels,
                Map.copyOf(firstUse), Map.copyOf(defined), segments);
    }

    /** {@code segments} is a declaration only when a name follows it (so a scalar may still be called segments). */
    private boolean atSegmentsDeclaration() {
        return check(TokenType.IDENTIFIER) && peek().text().equals("segments")
                && peekNext().type() == TokenType.IDENTIFIER;
    }

    // statement → forStmt | parallelStmt | ifStmt | assertStmt | assumeStmt | assignment
    private Stmt statement() {
        Stmt s;
        if (match(TokenType.FOR)) s = forStatement(previous());
        else if (match(TokenType.PARALLEL)) s = parallelStatement(previous());
        else if (match(TokenType.IF)) s = ifStatement(previous());
        else if (match(TokenType.ASSERT)) s = assertStatement(previous());
        else if (match(TokenType.ASSUME)) s = new Stmt.Assume(previous(), expression());
        else if (check(TokenType.ALGEBRA) || check(TokenType.MODEL)) {
            throw new LangError(peek(), "'" + peek().text() + "' may only be declared at the top level");
        } else s = assignment();
        match(TokenType.SEMICOLON);
        return s;
    }

    // forStmt → "for" IDENTIFIER "in" expression ".." expression block
    private Stmt forStatement(Token keyword) {
        Token variable = loopHeader("for");
        Expr lo = expression();
        consume(TokenType.DOT_DOT, "expected '..' after the loop start");
        Expr hi = expression();
        int slot = define(variable);
        int endSlot = hiddenSlot();
        List<Stmt> body = loopBody(variable, slot);
        return new Stmt.For(keyword, variable, slot, endSlot, lo, hi, body);
    }

    // parallelStmt → "parallel" IDENTIFIER "in" expression ".." expression block
    private Stmt parallelStatement(Token keyword) {
        Token variable = loopHeader("parallel");
        Expr lo = expression();
        consume(TokenType.DOT_DOT, "expected '..' after the lane range start");
        Expr hi = expression();
        int slot = define(variable);
        List<Stmt> body = loopBody(variable, slot);
        return new Stmt.Parallel(keyword, variable, slot, lo, hi, body);
    }

    private Token loopHeader(String keyword) {
        Token variable = consume(TokenType.IDENTIFIER, "expected a loop variable after '" + keyword + "'");
        if (variable.text().equals(ARRAY)) throw new LangError(variable, "'x' is the input array, not a loop variable");
        consume(TokenType.IN, "expected 'in' after the loop variable");
        return variable;
    }

    private List<Stmt> loopBody(Token variable, int slot) {
        loopNames.add(variable.text());
        loopSlots.add(slot);
        List<Stmt> body = block();
        loopNames.remove(loopNames.size() - 1);
        loopSlots.remove(loopSlots.size() - 1);
        return body;
    }

    // ifStmt → "if" "(" expression ")" block ("else" (ifStmt | block))?
    private Stmt ifStatement(Token keyword) {
        consume(TokenType.LEFT_PAREN, "expected '(' after 'if'");
        Expr condition = expression();
        consume(TokenType.RIGHT_PAREN, "expected ')' after the condition");
        List<Stmt> then = block();
        List<Stmt> otherwise = List.of();
        if (match(TokenType.ELSE)) {
            otherwise = match(TokenType.IF) ? List.of(ifStatement(previous())) : block();
        }
        return new Stmt.If(keyword, condition, then, otherwise);
    }

    // assertStmt → "assert" ( ("scan" | "reduce") "(" "x" ("," option)* ")" | expression )
    private Stmt assertStatement(Token keyword) {
        if (check(TokenType.IDENTIFIER) && (peek().text().equals("scan") || peek().text().equals("reduce"))
                && peekNext().type() == TokenType.LEFT_PAREN) {
            boolean reduce = advance().text().equals("reduce");
            advance();
            Token array = consume(TokenType.IDENTIFIER, "expected the array x");
            if (!array.text().equals(ARRAY)) throw new LangError(array, "unknown array '" + array.text() + "' (only x)");
            ScanSpec spec = new ScanSpec(reduce ? ResultKind.REDUCE : ResultKind.INCLUSIVE, Direction.FORWARD, algebra);
            while (match(TokenType.COMMA)) {
                Token option = consume(TokenType.IDENTIFIER, "expected inclusive, exclusive, forward or backward");
                spec = withOption(spec, option, reduce);
            }
            consume(TokenType.RIGHT_PAREN, "expected ')' after the scan options");
            return new Stmt.AssertResult(keyword, spec);
        }
        return new Stmt.Assert(keyword, expression());
    }

    private ScanSpec withOption(ScanSpec spec, Token option, boolean reduce) {
        ResultKind kind = ResultKind.fromToken(option.text());
        Direction direction = Direction.fromToken(option.text());
        if (kind != null && kind != ResultKind.REDUCE && !reduce) return spec.withKind(kind);
        if (direction != null) return spec.withDirection(direction);
        throw new LangError(option, "unknown option '" + option.text() + "' (" + (reduce ? "forward or backward"
                : "inclusive, exclusive, forward or backward") + ")");
    }

    // assignment → IDENTIFIER ("[" expression "]")? ("=" | "+=") expression
    private Stmt assignment() {
        Token name = consume(TokenType.IDENTIFIER, "expected a statement");
        Expr index = null;
        if (match(TokenType.LEFT_BRACKET)) {
            if (!name.text().equals(ARRAY)) throw new LangError(name, "unknown array '" + name.text() + "' (only x)");
            index = expression();
            consume(TokenType.RIGHT_BRACKET, "expected ']' after the index");
        } else if (name.text().equals(ARRAY)) {
            throw new LangError(name, "x is an array: assign to an element x[i]");
        }
        if (!match(TokenType.EQUAL, TokenType.PLUS_EQUAL)) {
            throw new LangError(peek(), "expected '=' or '+=' after '" + name.text() + "', found '" + peek().text() + "'");
        }
        Token operator = previous();
        Expr value = expression();
        int slot = index == null ? define(name) : -1;
        return new Stmt.Assign(name, slot, index, operator, value);
    }

    // block → "{" statement* "}"
    private List<Stmt> block() {
        enter(consume(TokenType.LEFT_BRACE, "expected '{'"));
        List<Stmt> statements = new ArrayList<>();
        while (!check(TokenType.RIGHT_BRACE) && !check(TokenType.EOF)) {
            statements.add(statement());
        }
        consume(TokenType.RIGHT_BRACE, "expected '}' to close the block");
        nesting--;
        return List.copyOf(statements);
    }

    // expression → or
    private Expr expression() {
        enter(peek());
        Expr e = or();
        nesting--;
        return e;
    }

    // or → and ("||" and)*
    private Expr or() {
        return chain(this::and, TokenType.OR_OR);
    }

    // and → equality ("&&" equality)*
    private Expr and() {
        return chain(this::equality, TokenType.AND_AND);
    }

    // equality → comparison (("==" | "!=") comparison)*
    private Expr equality() {
        return chain(this::comparison, TokenType.EQUAL_EQUAL, TokenType.BANG_EQUAL);
    }

    // comparison → shift (("<" | "<=" | ">" | ">=") shift)*
    private Expr comparison() {
        return chain(this::shift, TokenType.LESS, TokenType.LESS_EQUAL, TokenType.GREATER, TokenType.GREATER_EQUAL);
    }

    // shift → term (("<<" | ">>") term)*
    private Expr shift() {
        return chain(this::term, TokenType.SHIFT_LEFT, TokenType.SHIFT_RIGHT);
    }

    // term → factor (("+" | "-") factor)*
    private Expr term() {
        return chain(this::factor, TokenType.PLUS, TokenType.MINUS);
    }

    // factor → unary (("*" | "/" | "%") unary)*
    private Expr factor() {
        return chain(this::unary, TokenType.STAR, TokenType.SLASH, TokenType.PERCENT);
    }

    /** A left-associative chain {@code operand (op operand)*}; each link deepens the tree by one level. */
    private Expr chain(Supplier<Expr> operand, TokenType... operators) {
        Expr e = operand.get();
        int links = 0;
        while (match(operators)) {
            Token op = previous();
            enter(op);
            links++;
            e = new Expr.Binary(e, op, operand.get());
        }
        nesting -= links;
        return e;
    }

    /** One more level of nesting at {@code at}; a {@link LangError} there beyond {@link #MAX_NESTING}. */
    private void enter(Token at) {
        if (++nesting > MAX_NESTING) {
            throw new LangError(at, "nested more than " + MAX_NESTING + " levels deep (blocks, parentheses and operator chains"
                    + " each count one level)");
        }
    }

    // unary → ("!" | "-") unary | primary
    private Expr unary() {
        if (match(TokenType.BANG, TokenType.MINUS)) {
            Token op = previous();
            enter(op);
            Expr operand = unary();
            nesting--;
            return new Expr.Unary(op, operand);
        }
        return primary();
    }

    // primary → NUMBER | "true" | "false" | angel | IDENTIFIER ("[" expression "]" | "(" arguments ")")?
    //         | "(" expression ")"
    private Expr primary() {
        if (match(TokenType.NUMBER)) return new Expr.Num(previous(), previous().value());
        if (match(TokenType.TRUE, TokenType.FALSE)) return new Expr.Bool(previous(), previous().type() == TokenType.TRUE);
        if (match(TokenType.BANG_BANG)) return angel(previous());
        if (match(TokenType.HOLE)) return hole(previous());
        if (match(TokenType.IDENTIFIER)) return name(previous());
        if (match(TokenType.LEFT_PAREN)) {
            Expr e = expression();
            consume(TokenType.RIGHT_PAREN, "expected ')' after the expression");
            return e;
        }
        throw new LangError(peek(), "expected an expression, found '" + peek().text() + "'");
    }

    // angel → "!!" ("(" expression ".." expression ")")?
    private Expr angel(Token at) {
        hasAngels = true;
        int[] slotArray = loopSlots.stream().mapToInt(Integer::intValue).toArray();
        if (!match(TokenType.LEFT_PAREN)) return new Expr.AngelBool(at, new AngelSite(at, List.copyOf(loopNames), slotArray, true));
        Expr lo = expression();
        consume(TokenType.DOT_DOT, "expected '..' in the angel's range");
        Expr hi = expression();
        consume(TokenType.RIGHT_PAREN, "expected ')' after the angel's range");
        return new Expr.AngelInt(at, new AngelSite(at, List.copyOf(loopNames), slotArray, false), lo, hi);
    }

    // hole → "??" ("{" annotation "}")?  (annotation grammar in HoleGrammar)
    private Expr hole(Token at) {
        List<String> scope = new ArrayList<>(loopNames);
        for (String name : slots.keySet()) {
            if (!name.startsWith("$") && defined.containsKey(name) && !scope.contains(name)) scope.add(name);
        }
        if (!scope.contains("N")) scope.add("N");
        String text = at.text();
        HoleGrammar grammar = HoleGrammar.parse(text.length() > 2 ? text.substring(3, text.length() - 1) : "", scope, at);
        int[] varSlots = new int[grammar.variables().size()];
        for (int v = 0; v < varSlots.length; v++) {
            String name = grammar.variables().get(v);
            if (name.equals("N")) firstUse.putIfAbsent("N", at);
            varSlots[v] = slot(name);
        }
        return new Expr.Hole(at, holes++, grammar, varSlots);
    }

    private Expr name(Token name) {
        if (match(TokenType.LEFT_BRACKET)) {
            if (!name.text().equals(ARRAY)) throw new LangError(name, "unknown array '" + name.text() + "' (only x)");
            Expr index = expression();
            consume(TokenType.RIGHT_BRACKET, "expected ']' after the index");
            return new Expr.Element(name, index);
        }
        if (match(TokenType.LEFT_PAREN)) return call(name);
        if (name.text().equals(ARRAY)) throw new LangError(name, "x is an array: read an element x[i]");
        firstUse.putIfAbsent(name.text(), name);
        return new Expr.Var(name, slot(name.text()));
    }

    // arguments → (expression ("," expression)*)?
    private Expr call(Token name) {
        List<Expr> args = new ArrayList<>();
        if (!check(TokenType.RIGHT_PAREN)) {
            do {
                if (check(TokenType.IDENTIFIER) && peek().text().equals(ARRAY) && name.text().endsWith("fanout")) {
                    advance();
                    continue;
                }
                args.add(expression());
            } while (match(TokenType.COMMA));
        }
        consume(TokenType.RIGHT_PAREN, "expected ')' after the arguments");
        int arity = switch (name.text()) {
            case "log2" -> 1;
            case "log", "range" -> 2;
            case "identity", "fanout", "stepfanout" -> 0;
            default -> throw new LangError(name, "unknown function '" + name.text() + "' (log2, log, range, identity, fanout, stepfanout)");
        };
        if (args.size() != arity) {
            throw new LangError(name, name.text() + " takes " + arity + " argument" + (arity == 1 ? "" : "s") + ", got " + args.size());
        }
        if (name.text().equals("fanout")) usesFanout = true;
        if (name.text().equals("stepfanout")) usesStepFanout = true;
        return new Expr.Call(name, List.copyOf(args));
    }

    private int define(Token name) {
        defined.putIfAbsent(name.text(), name);
        return slot(name.text());
    }

    private int slot(String name) {
        return slots.computeIfAbsent(name, k -> slots.size());
    }

    private int hiddenSlot() {
        return slot("$end" + hiddenSlots++);
    }
}
