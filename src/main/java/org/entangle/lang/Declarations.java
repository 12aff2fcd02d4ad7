package org.entangle.lang;

import org.entangle.network.Algebra;
import org.entangle.network.MemoryModel;

/**
 * The top-level declarations of a program (resources/docs/language.md, "Grammar"): {@code algebra NAME},
 * {@code model NAME} and {@code segments NAME}, each read from the name that follows its keyword.
 */
final class Declarations {

    private Declarations() {
    }

    // algebraDeclaration → "algebra" ("associative" | "commutative" | "idempotent")
    static Algebra algebra(Token name) {
        Algebra a = Algebra.fromToken(name.text());
        if (a == null) {
            throw new LangError(name, "unknown algebra '" + name.text() + "' (associative, commutative or idempotent)");
        }
        return a;
    }

    // modelDeclaration → "model" ("inplace" | "circuit")
    static void model(Token name) {
        MemoryModel m = MemoryModel.fromToken(name.text());
        if (m == null) {
            throw new LangError(name, "unknown model '" + name.text() + "' (inplace or circuit)");
        }
        if (m == MemoryModel.CIRCUIT) {
            throw new LangError(name, "angelic programs run in the in-place SIMD model; 'model circuit' is searched by"
                    + " 'entangle optimize --model circuit'");
        }
    }

    // segmentsDeclaration → "segments" ("flags" | "heads")
    static Segments segments(Token name) {
        Segments s = Segments.fromToken(name.text());
        if (s == null) throw new LangError(name, "unknown segment descriptor '" + name.text() + "' (flags or heads)");
        return s;
    }
}
