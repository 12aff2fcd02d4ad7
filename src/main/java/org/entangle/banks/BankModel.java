package org.entangle.banks;

/**
 * A model of GPU shared memory: {@code banks} banks of {@code bankWidthBytes} bytes, warps of
 * {@code warpSize} lanes, elements of {@code elementBytes} bytes. A warp's accesses to distinct words in the
 * same bank serialise; accesses to the same word are a broadcast and cost nothing extra. The conflict degree of
 * one warp access is the largest number of distinct words that fall into one bank.
 */
public record BankModel(int banks, int bankWidthBytes, int warpSize, int elementBytes) {

    /** 32 banks of 4 bytes, 32-lane warps, 4-byte elements: every NVIDIA GPU since Kepler for 32-bit data. */
    public static final BankModel DEFAULT = new BankModel(32, 4, 32, 4);

    public BankModel {
        if (banks < 1 || bankWidthBytes < 1 || warpSize < 1 || elementBytes < 1) {
            throw new IllegalArgumentException("bank model parameters must be positive");
        }
    }

    /** The bank of element slot {@code slot} (after any remapping). */
    public int bankOf(long slot) {
        return (int) ((slot * elementBytes / bankWidthBytes) % banks);
    }

    /** The word (bank-width unit) of element slot {@code slot}. */
    public long wordOf(long slot) {
        return slot * elementBytes / bankWidthBytes;
    }
}
