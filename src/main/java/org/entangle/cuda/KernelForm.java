package org.entangle.cuda;

/** The three shapes of generated kernel. */
public enum KernelForm {
    /** One block per segment of {@code width} elements, values exchanged in shared memory, one barrier per step. */
    BLOCK("block"),
    /** One warp per segment of at most 32 elements, values in registers, one {@code __shfl_sync} per step. */
    WARP("warp"),
    /** A single-pass scan of the whole array with decoupled look-back between tiles (Merrill &amp; Garland 2016). */
    DEVICE_WIDE("device-wide"),
    /** A program with parameter N: one block per segment of N elements, N a kernel argument (one kernel for every N). */
    PROGRAM("program");

    private final String token;

    KernelForm(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }
}
