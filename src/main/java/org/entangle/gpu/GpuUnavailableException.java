package org.entangle.gpu;

/** No CUDA driver or no CUDA device on this machine; the message says which, in one line. */
public class GpuUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    public GpuUnavailableException(String message) {
        super(message);
    }
}
