package org.entangle.network.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed network files, each reported as {@code file:line:column: what is wrong} at the place where the
 * problem is written. Each case names the text at which the error must point ({@code at}: its first
 * occurrence), so the expected line and column are computed, not copied from the output.
 */
class BadNetworkFileTest {

    static Stream<Arguments> badJson() {
        return Stream.of(
                bad("unclosed array", "{\"width\": 4,\n \"steps\": [[[1,0]]\n", "]]\n", 3,
                        "bad JSON: Unexpected end-of-input: expected close marker for Array (opened at line 2, column 11)"),
                bad("missing comma", "{\"width\": 4\n \"steps\": []}", "\"steps\"", 0, "bad JSON: Unexpected character"),
                bad("missing width", "{\n \"steps\": [[[1,0]]]}", "{", 0, "missing \"width\""),
                bad("missing steps", "{\"width\": 4}", "{", 0, "missing \"steps\""),
                bad("wire out of range", "{\"width\": 4,\n \"steps\": [[[1,0]],\n  [[3,1], [4,2]]]}", "[4,2]", 0,
                        "step 1, op 1: wire 4 is out of range 0..3"),
                bad("wire written twice", "{\"width\": 4, \"steps\": [\n  [[1,0], [2,1], [1,3]]]}", "[1,3]", 0,
                        "step 0, op 2: wire 1 is written twice in step 0"),
                bad("swap writes its source twice", "{\"width\": 4, \"steps\": [\n  [[3,1,\"swap\"], [1,0]]]}", "[1,0]", 0,
                        "wire 1 is written twice"),
                bad("unknown kind", "{\"width\": 4, \"kind\": \"prefix\", \"steps\": []}", "\"prefix\"", 0,
                        "unknown kind 'prefix' (expected inclusive, exclusive or reduce)"),
                bad("unknown model", "{\"width\": 4,\n \"model\": \"simd\", \"steps\": []}", "\"simd\"", 0,
                        "unknown model 'simd' (expected inplace or circuit)"),
                bad("unknown algebra", "{\"width\": 4, \"algebra\": \"ring\", \"steps\": []}", "\"ring\"", 0,
                        "unknown algebra 'ring' (expected associative, commutative or idempotent)"),
                bad("unknown direction", "{\"width\": 4, \"direction\": \"up\", \"steps\": []}", "\"up\"", 0,
                        "unknown direction 'up' (expected forward or backward)"),
                bad("unknown op kind", "{\"width\": 4, \"steps\": [[[1,0,\"add\"]]]}", "\"add\"", 0,
                        "unknown op kind 'add' (expected combine, swap, identity or copy)"),
                bad("width is a string", "{\"width\": \"8\", \"steps\": []}", "\"8\"", 0, "width must be an integer, found a string"),
                bad("wire is a fraction", "{\"width\": 8, \"steps\": [[[1.5,0]]]}", "1.5", 0,
                        "the dst wire must be an integer, found a fractional number"),
                bad("step is not an array", "{\"width\": 8, \"steps\": [[[1,0]], 7]}", "7", 0, "a step must be an array of ops, found an integer"),
                bad("op is not an array", "{\"width\": 8, \"steps\": [[{\"dst\": 1}]]}", "{\"dst\"", 0, "an op is [dst, src]"),
                bad("unknown field", "{\"width\": 8, \"circuit\": 1}", "\"circuit\"", 0, "unknown field \"circuit\""),
                bad("negative width", "{\"width\": -3, \"steps\": []}", "-3", 0, "width must be at least 1, got -3"),
                bad("zero width", "{\"steps\": [], \"width\": 0}", "0}", 0, "width must be at least 1, got 0"),
                bad("srcStep in the in-place model", "{\"width\": 4, \"steps\": [[[1,0]],\n [[3,1,\"combine\",-1]]]}",
                        "[3,1,", 0, "step 1, op 0: op 3<-1@-1 reads an older value of wire 1, which only the circuit model allows"),
                bad("srcStep not earlier than its step", "{\"width\": 4, \"model\": \"circuit\", \"steps\": [[[1,0]],\n [[3,1,\"combine\",1]]]}",
                        "[3,1,", 0, "step 1, op 0: op 3<-1@1 reads wire 1 after step 1, which is not earlier than its own step 1"),
                bad("trailing garbage", "{\"width\": 1, \"steps\": []}\n  xyz", "xyz", 0, "unexpected text after the network object"),
                bad("a second object", "{\"width\": 1, \"steps\": []}\n{}", "\n{", 1, "unexpected text after the network object"),
                bad("duplicate field", "{\"width\": 1, \"steps\": [], \"width\": 2}", "2}", -2, "bad JSON: Duplicate field 'width'"),
                bad("not an object", "\n  [[1,0]]", "[[", 0, "expected a JSON object, found an array"),
                bad("empty file", "  ", "  ", 0, "empty file: expected a JSON object"),
                bad("op reads and writes one wire", "{\"width\": 4, \"steps\": [[[2,2]]]}", "[2,2]", 0, "reads and writes one wire"),
                bad("identity with a source", "{\"width\": 4, \"steps\": [[[2,1,\"identity\"]]]}", "\"identity\"", 0,
                        "an identity op is [dst, \"identity\"]"),
                bad("too many op elements", "{\"width\": 4, \"model\": \"circuit\", \"steps\": [[[2,1,\"combine\",-1,5]]]}", "5]", 0,
                        "too many elements in an op"),
                bad("unsupported version", "{\"format\": \"entangle-network/9\", \"width\": 4, \"steps\": []}", "\"entangle-network/9\"", 0,
                        "unsupported format 'entangle-network/9' (this reader knows entangle-network/1)"),
                bad("wire number too large", "{\"width\": 4, \"steps\": [[[9999999999,0]]]}", "9999999999", 0, "dst 9999999999 is too large"));
    }

    static Stream<Arguments> badText() {
        return Stream.of(
                bad("bad op token", "width: 4\nstep 0: 1<-0 3+2", "3+2", 0, "bad op '3+2'"),
                bad("step out of order", "width: 4\nstep 0: 1<-0\n  step 2: 3<-2", "step 2", 0, "expected step 1, found step 2"),
                bad("unknown key", "width: 4\nsize: 3\nstep 0: 1<-0", "size", 0, "unknown key 'size'"),
                bad("missing width", "# no width\nstep 0: 1<-0", "#", 0, "missing \"width\""),
                bad("wire out of range", "width: 4\nstep 0: 1<-0 5<-4", "5<-4", 0, "step 0, op 1: wire 5 is out of range 0..3"),
                bad("written twice", "width: 4\nstep 0: 1<-0\nstep 1: 3<-2 3<-1", "3<-1", 0, "wire 3 is written twice in step 1"),
                bad("unknown algebra", "width: 4\nalgebra: group\nstep 0: 1<-0", "group", 0, "unknown algebra 'group'"),
                bad("header after steps", "width: 4\nstep 0: 1<-0\nname: late", "name", 0, "header line 'name:' after the first step"),
                bad("duplicate key", "width: 4\nwidth: 5", "width: 5", 0, "duplicate key 'width'"),
                bad("not a line of the format", "width: 4\nhello world", "hello", 0, "expected 'key: value' or 'step N: ops'"),
                bad("negative width", "width: -2", "-2", 0, "width must be at least 1, got -2"),
                bad("older read in place", "width: 4\nstep 0: 1<-0\nstep 1: 3<-1@-1", "3<-1@-1", 0, "only the circuit model allows"));
    }

    /** A bad input whose error must be at the first occurrence of {@code at}, shifted by {@code shift} columns. */
    private static Arguments bad(String what, String text, String at, int shift, String message) {
        return Arguments.of(what, text, at, shift, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badJson")
    void badJsonIsReportedWhereItIsWritten(String what, String text, String at, int shift, String message) {
        NetworkFormatException e = assertThrows(NetworkFormatException.class, () -> NetworkJsonReader.read("bad.json", text));
        assertLocated(e, "bad.json", text, at, shift, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badText")
    void badTextIsReportedWhereItIsWritten(String what, String text, String at, int shift, String message) {
        NetworkFormatException e = assertThrows(NetworkFormatException.class, () -> NetworkTextFormat.read("bad.txt", text));
        assertLocated(e, "bad.txt", text, at, shift, message);
    }

    private static void assertLocated(NetworkFormatException e, String file, String text, String at, int shift, String message) {
        int offset = text.indexOf(at) + shift;
        int line = 1;
        int column = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        String prefix = file + ":" + line + ":" + column + ": ";
        assertTrue(e.getMessage().startsWith(prefix), "expected " + prefix + "..., got " + e.getMessage());
        assertTrue(e.problem().contains(message), "expected '" + message + "' in " + e.getMessage());
        assertTrue(e.getMessage().indexOf('\n') < 0, "one line: " + e.getMessage());
        assertEquals(line, e.line());
        assertEquals(column, e.column());
    }
}
