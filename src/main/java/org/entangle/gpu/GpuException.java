package org.entangle.gpu;

/** A CUDA call failed (out of memory, launch failure, ...); the message names what was being done and the CUDA error. */
public class GpuException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public GpuException(String message, Throwable cause) {
        super(message, cause);
    }
}
