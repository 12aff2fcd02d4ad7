package org.entangle.entanglement;

/**
 * A block of packed traces: {@code size} rows of {@code words} longs each, row-major in {@code data}.
 *
 * @param words words per row
 * @param data  the rows, {@code size * words} longs
 * @param size  the number of rows
 */
record PackedRows(int words, long[] data, int size) {
}
