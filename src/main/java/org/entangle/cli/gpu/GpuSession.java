package org.entangle.cli.gpu;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import org.entangle.cli.common.UserError;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.Gpu;

/** What {@code gpu-check} and {@code gpu-bench} share: nvcc, PTX for the open device, JSON output. */
final class GpuSession {

    private GpuSession() {
    }

    static NvccCompiler nvcc() {
        return NvccCompiler.find().orElseThrow(() -> new UserError(
                "nvcc not found (looked on the PATH, in $CUDA_HOME/bin and /usr/local/cuda/bin)"));
    }

    static String ptx(NvccCompiler nvcc, GeneratedKernel kernel, Gpu gpu) {
        try {
            return nvcc.ptx(kernel.source(), gpu.info().arch());
        } catch (CudaCompileException e) {
            throw new UserError(e.getMessage());
        }
    }

    static void printJson(PrintWriter out, Object value) {
        try {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("JSON output failed", e);
        }
    }
}
