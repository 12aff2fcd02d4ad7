package org.entangle.gpu;

import org.entangle.cuda.NvccCompiler;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The device of a {@code gpu}-tagged test class: opened once per class and closed after it, with nvcc found beside it;
 * the class is skipped, with the reason, where there is no CUDA driver or no nvcc. Its {@code @BeforeAll} and test
 * methods take the {@link Gpu} and the {@link NvccCompiler} as parameters.
 */
public final class GpuDevice implements ExecutionCondition, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(GpuDevice.class);

    /** What a class found: the device and nvcc, or why it cannot run. */
    private record Opened(Gpu gpu, NvccCompiler nvcc, String missing) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            if (gpu != null) gpu.close();
        }
    }

    private static Opened opened(ExtensionContext context) {
        ExtensionContext owner = context;
        while (owner.getTestMethod().isPresent()) owner = owner.getParent().orElseThrow();
        return owner.getStore(NAMESPACE).getOrComputeIfAbsent("device", key -> open(), Opened.class);
    }

    private static Opened open() {
        NvccCompiler nvcc = NvccCompiler.find().orElse(null);
        try {
            Gpu gpu = Gpu.open();
            return new Opened(gpu, nvcc, nvcc == null ? "GPU test skipped: nvcc not found" : null);
        } catch (GpuUnavailableException e) {
            return new Opened(null, nvcc, "GPU test skipped: " + e.getMessage());
        }
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Opened device = opened(context);
        return device.missing() == null ? ConditionEvaluationResult.enabled("on " + device.gpu().info().describe())
                : ConditionEvaluationResult.disabled(device.missing());
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Gpu.class || type == NvccCompiler.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Opened device = opened(context);
        return parameter.getParameter().getType() == Gpu.class ? device.gpu() : device.nvcc();
    }
}
