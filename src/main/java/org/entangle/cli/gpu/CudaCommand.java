package org.entangle.cli.gpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.entangle.cli.common.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.entangle.cli.common.ExitStatus;

/** {@code entangle cuda}: writes the CUDA C of a network's scan kernel (needs no GPU and no CUDA toolkit). */
@Command(name = "cuda", mixinStandardHelpOptions = true,
        description = "Write CUDA C for a network's scan (block by default, --warp or --device-wide) or a program's (one kernel for every N).")
public final class CudaCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    KernelChoice choice;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.cu", description = "write to FILE instead of standard output")
    Path output;

    @Override
    public Integer call() {
        List<KernelChoice.Choice> kernels = choice.generate();
        if (kernels.stream().map(k -> k.kernel().source()).distinct().count() != 1) {
            throw new UserError("cuda writes one kernel: give one network, --family, --n, --type and --op (a program's kernel serves every N)");
        }
        String source = kernels.get(0).kernel().source();
        if (output == null) {
            spec.commandLine().getOut().print(source);
        } else {
            try {
                Files.writeString(output, source);
            } catch (IOException e) {
                throw new UserError("cannot write " + output + ": " + e.getMessage());
            }
        }
        return ExitStatus.OK;
    }
}
