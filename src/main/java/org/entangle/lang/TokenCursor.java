package org.entangle.lang;

import java.util.List;

/**
 * A position in a token list with the look-ahead and matching steps of a recursive-descent parser (after jlox's
 * {@code Parser}); the list ends with {@link TokenType#EOF}, so looking at the current token never runs off it.
 */
abstract class TokenCursor {

    private final List<Token> tokens;
    private int current;

    TokenCursor(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** Consumes the current token when it has one of {@code types}. */
    final boolean match(TokenType... types) {
        for (TokenType t : types) {
            if (check(t)) {
                current++;
                return true;
            }
        }
        return false;
    }

    /** Consumes a token of {@code type}, or throws {@link LangError} at the current token. */
    final Token consume(TokenType type, String message) {
        if (check(type)) return advance();
        throw new LangError(peek(), message + ", found '" + peek().text() + "'");
    }

    final boolean check(TokenType type) {
        return peek().type() == type;
    }

    /** The token after the current one (EOF at the end). */
    final Token peekNext() {
        return tokens.get(Math.min(current + 1, tokens.size() - 1));
    }

    final Token advance() {
        Token t = tokens.get(current);
        if (t.type() != TokenType.EOF) current++;
        return t;
    }

    final Token peek() {
        return tokens.get(current);
    }

    final Token previous() {
        return tokens.get(current - 1);
    }
}
