package org.entangle.lang;

/** The kinds of token of the angelic-program language (resources/docs/language.md, "Lexical structure"). */
public enum TokenType {
    LEFT_PAREN, RIGHT_PAREN, LEFT_BRACE, RIGHT_BRACE, LEFT_BRACKET, RIGHT_BRACKET, COMMA, SEMICOLON, DOT_DOT,
    PLUS, MINUS, STAR, SLASH, PERCENT, SHIFT_LEFT, SHIFT_RIGHT,
    EQUAL, PLUS_EQUAL, EQUAL_EQUAL, BANG_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL,
    AND_AND, OR_OR, BANG, BANG_BANG,
    IDENTIFIER, NUMBER,
    FOR, IN, PARALLEL, IF, ELSE, ASSERT, ASSUME, ALGEBRA, MODEL, TRUE, FALSE,
    EOF
}
