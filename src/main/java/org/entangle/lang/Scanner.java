package org.entangle.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The lexer of the angelic-program language (after jlox's {@code Scanner}): turns source text into tokens,
 * skipping white space and {@code //} comments. Newlines carry no meaning; statements need no separator.
 */
public final class Scanner {

    private static final Map<String, TokenType> KEYWORDS = Map.ofEntries(
            Map.entry("for", TokenType.FOR), Map.entry("in", TokenType.IN), Map.entry("parallel", TokenType.PARALLEL),
            Map.entry("if", TokenType.IF), Map.entry("else", TokenType.ELSE), Map.entry("assert", TokenType.ASSERT),
            Map.entry("assume", TokenType.ASSUME), Map.entry("algebra", TokenType.ALGEBRA),
            Map.entry("model", TokenType.MODEL), Map.entry("true", TokenType.TRUE), Map.entry("false", TokenType.FALSE));

    private final String source;
    private final List<Token> tokens = new ArrayList<>();
    private int start;
    private int current;
    private int line = 1;
    private int lineStart;

    public Scanner(String source) {
        this.source = source;
    }

    /** All tokens, ending with {@link TokenType#EOF}; throws {@link LangError} on a character it cannot read. */
    public List<Token> scanTokens() {
        while (!atEnd()) {
            start = current;
            scanToken();
        }
        tokens.add(new Token(TokenType.EOF, "end of input", 0, line, current - lineStart + 1));
        return tokens;
    }

    private void scanToken() {
        char c = advance();
        switch (c) {
            case '(' -> add(TokenType.LEFT_PAREN);
            case ')' -> add(TokenType.RIGHT_PAREN);
            case '{' -> add(TokenType.LEFT_BRACE);
            case '}' -> add(TokenType.RIGHT_BRACE);
            case '[' -> add(TokenType.LEFT_BRACKET);
            case ']' -> add(TokenType.RIGHT_BRACKET);
            case ',' -> add(TokenType.COMMA);
            case ';' -> add(TokenType.SEMICOLON);
            case '-' -> add(TokenType.MINUS);
            case '*' -> add(TokenType.STAR);
            case '%' -> add(TokenType.PERCENT);
            case '+' -> add(match('=') ? TokenType.PLUS_EQUAL : TokenType.PLUS);
            case '=' -> add(match('=') ? TokenType.EQUAL_EQUAL : TokenType.EQUAL);
            case '<' -> add(match('<') ? TokenType.SHIFT_LEFT : match('=') ? TokenType.LESS_EQUAL : TokenType.LESS);
            case '>' -> add(match('>') ? TokenType.SHIFT_RIGHT : match('=') ? TokenType.GREATER_EQUAL : TokenType.GREATER);
            case '!' -> add(match('!') ? TokenType.BANG_BANG : match('=') ? TokenType.BANG_EQUAL : TokenType.BANG);
            case '&' -> expectSecond('&', TokenType.AND_AND);
            case '|' -> expectSecond('|', TokenType.OR_OR);
            case '.' -> expectSecond('.', TokenType.DOT_DOT);
            case '?' -> hole();
            case '/' -> {
                if (match('/')) {
                    while (!atEnd() && peek() != '\n') current++;
                } else {
                    add(TokenType.SLASH);
                }
            }
            case ' ', '\t', '\r' -> { }
            case '\n' -> {
                line++;
                lineStart = current;
            }
            default -> {
                if (isDigit(c)) {
                    number();
                } else if (isAlpha(c)) {
                    identifier();
                } else {
                    throw error("unexpected character '" + c + "'");
                }
            }
        }
    }

    private void expectSecond(char second, TokenType type) {
        if (!match(second)) {
            throw error("unexpected character '" + source.charAt(start) + "' (did you mean '" + source.charAt(start) + second + "'?)");
        }
        add(type);
    }

    /** {@code ??} with an optional grammar annotation {@code {...}} kept verbatim in the token's text. */
    private void hole() {
        if (!match('?')) throw error("unexpected character '?' (a hole is written '??')");
        if (!atEnd() && peek() == '{') {
            int close = source.indexOf('}', current);
            if (close < 0) throw error("the hole's grammar annotation '{' is never closed");
            String annotation = source.substring(current, close + 1);
            if (annotation.indexOf('\n') >= 0) throw error("a hole's grammar annotation must fit on one line");
            current = close + 1;
        }
        add(TokenType.HOLE);
    }

    private void number() {
        while (!atEnd() && isDigit(peek())) current++;
        String text = source.substring(start, current);
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw error("number '" + text + "' is too large");
        }
        tokens.add(new Token(TokenType.NUMBER, text, value, line, start - lineStart + 1));
    }

    private void identifier() {
        while (!atEnd() && (isAlpha(peek()) || isDigit(peek()))) current++;
        String text = source.substring(start, current);
        add(KEYWORDS.getOrDefault(text, TokenType.IDENTIFIER));
    }

    private LangError error(String message) {
        return new LangError(line, start - lineStart + 1, message);
    }

    private void add(TokenType type) {
        tokens.add(new Token(type, source.substring(start, current), 0, line, start - lineStart + 1));
    }

    private boolean match(char expected) {
        if (atEnd() || source.charAt(current) != expected) return false;
        current++;
        return true;
    }

    private char advance() {
        return source.charAt(current++);
    }

    private char peek() {
        return source.charAt(current);
    }

    private boolean atEnd() {
        return current >= source.length();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }
}
