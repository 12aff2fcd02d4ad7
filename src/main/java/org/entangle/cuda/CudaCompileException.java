package org.entangle.cuda;

/** nvcc rejected generated source, or could not be run; the message quotes the generated lines it points at. */
public class CudaCompileException extends Exception {

    private static final long serialVersionUID = 1L;

    public CudaCompileException(String message) {
        super(message);
    }
}
