package org.entangle.gpu.patterns;

/**
 * One GPU check of a pattern against its CPU reference (fresh random input from a printed
 * seed, outputs poisoned before the launch, every element compared).
 *
 * @param pattern  the pattern's name
 * @param config   what varied, for example {@code int32 max} or {@code uint32 keys, few-distinct}
 * @param n        input elements
 * @param seed     the seed of the input
 * @param passed   whether every element matched
 * @param detail   the first mismatch (index, expected, actual) or a short summary when passed
 */
public record PatternCheck(String pattern, String config, long n, long seed, boolean passed, String detail) {
}
