package org.entangle.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.MemoryModel;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;

/**
 * A recursive-descent parser with one method per grammar rule (after jlox's {@code Parser}); the grammar is in
 * resources/docs/language.md. It also resolves every scalar name to a slot and records the enclosing loop
 * variables of each angel, so the interpreter needs no name lookups.
 */
public final class Parser {

    private static final String ARRAY = "x";

    private final String source;
    private final List<Token> tokens;
    private int current;
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
        this.source = source;
        this.tokens = new Scanner(source).scanTokens();
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
                algebraDeclaration();
            } else if (match(TokenType.MODEL)) {
                modelDeclaration();
            } else if (atSegmentsDeclaration()) {
                segmentsDeclaration();
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
                && tokens.get(current + 1).type() == TokenType.IDENTIFIER;
    }

    // segmentsDeclaration → "segments" ("flags" | "heads")
    private void segmentsDeclaration() {
        advance();
        Token name = advance();
        Segments s = Segments.fromToken(name.text());
        if (s == null) throw new LangError(name, "unknown segment descriptor '" + name.text() + "' (flags or heads)");
        segments = s;
    }

    // algebraDeclaration → "algebra" ("associative" | "commutative" | "idempotent")
    private void algebraDeclaration() {
        Token name = consume(TokenType.IDENTIFIER, "expected associative, commutative or idempotent after 'algebra'");
        Algebra a = Algebra.fromToken(name.text());
        if (a == null) {
            throw new LangError(name, "unknown algebra '" + name.text() + "' (associative, commutative or idempotent)");
        }
        algebra = a;
    }

    // modelDeclaration → "model" ("inplace" | "circuit")
    private void modelDeclaration() {
        Token name = consume(TokenType.IDENTIFIER, "expected inplace or circuit after 'model'");
        MemoryModel m = MemoryModel.fromToken(name.text());
        if (m == null) {
            throw new LangError(name, "unknown model '" + name.text() + "' (inplace or circuit)");
        }
        if (m == MemoryModel.CIRCUIT) {
            throw new LangError(name, "angelic programs run in the in-place SIMD model; 'model circuit' is searched by"
                    + " 'entangle optimize --model circuit'");
        }
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
                && tokens.get(current + 1).type() == TokenType.LEFT_PAREN) {
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
        consume(TokenType.LEFT_BRACE, "expected '{'");
        List<Stmt> statements = new ArrayList<>();
        while (!check(TokenType.RIGHT_BRACE) && !check(TokenType.EOF)) {
            statements.add(statement());
        }
        consume(TokenType.RIGHT_BRACE, "expected '}' to close the block");
        return List.copyOf(statements);
    }

    // expression → or
    private Expr expression() {
        return or();
    }

    // or → and ("||" and)*
    private Expr or() {
        Expr e = and();
        while (match(TokenType.OR_OR)) e = new Expr.Binary(e, previous(), and());
        return e;
    }

    // and → equality ("&&" equality)*
    private Expr and() {
        Expr e = equality();
        while (match(TokenType.AND_AND)) e = new Expr.Binary(e, previous(), equality());
        return e;
    }

    // equality → comparison (("==" | "!=") comparison)*
    private Expr equality() {
        Expr e = comparison();
        while (match(TokenType.EQUAL_EQUAL, TokenType.BANG_EQUAL)) e = new Expr.Binary(e, previous(), comparison());
        return e;
    }

    // comparison → shift (("<" | "<=" | ">" | ">=") shift)*
    private Expr comparison() {
        Expr e = shift();
        while (match(TokenType.LESS, TokenType.LESS_EQUAL, TokenType.GREATER, TokenType.GREATER_EQUAL)) {
            e = new Expr.Binary(e, previous(), shift());
        }
        return e;
    }

    // shift → term (("<<" | ">>") term)*
    private Expr shift() {
        Expr e = term();
        while (match(TokenType.SHIFT_LEFT, TokenType.SHIFT_RIGHT)) e = new Expr.Binary(e, previous(), term());
        return e;
    }

    // term → factor (("+" | "-") factor)*
    private Expr term() {
        Expr e = factor();
        while (match(TokenType.PLUS, TokenType.MINUS)) e = new Expr.Binary(e, previous(), factor());
        return e;
    }

    // factor → unary (("*" | "/" | "%") unary)*
    private Expr factor() {
        Expr e = unary();
        while (match(TokenType.STAR, TokenType.SLASH, TokenType.PERCENT)) e = new Expr.Binary(e, previous(), unary());
        return e;
    }

    // unary → ("!" | "-") unary | primary
    private Expr unary() {
        if (match(TokenType.BANG, TokenType.MINUS)) {
            Token op = previous();
            return new Expr.Unary(op, unary());
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
            case "range" -> 2;
            case "identity", "fanout", "stepfanout" -> 0;
            default -> throw new LangError(name, "unknown function '" + name.text() + "' (log2, range, identity, fanout, stepfanout)");
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

    private boolean match(TokenType... types) {
        for (TokenType t : types) {
            if (check(t)) {
                current++;
                return true;
            }
        }
        return false;
    }

    private Token consume(TokenType type, String message) {
        if (check(type)) return advance();
        throw new LangError(peek(), message + ", found '" + peek().text() + "'");
    }

    private boolean check(TokenType type) {
        return peek().type() == type;
    }

    private Token advance() {
        return tokens.get(current++);
    }

    private Token peek() {
        return tokens.get(current);
    }

    private Token previous() {
        return tokens.get(current - 1);
    }
}
