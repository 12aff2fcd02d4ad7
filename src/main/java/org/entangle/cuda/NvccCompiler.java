package org.entangle.cuda;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs NVIDIA's {@code nvcc} as a subprocess: CUDA C to PTX (for the driver API's {@code cuModuleLoadData})
 * or to an executable (the CUB benchmark harness). Results are cached under a directory by the SHA-256 of the
 * source, the target architecture and the kind of output, so a kernel compiles once. Compiler errors come back
 * as a {@link CudaCompileException} that quotes each generated source line nvcc points at.
 *
 * <p>The cache is {@code $ENTANGLE_CACHE}, else {@code $XDG_CACHE_HOME/entangle/cuda}, else
 * {@code ~/.cache/entangle/cuda}.
 */
public final class NvccCompiler {

    private static final Pattern ERROR_LOCATION = Pattern.compile("\\.cu\\((\\d+)\\): (.*)");
    private static final long TIMEOUT_SECONDS = 600;

    private final Path nvcc;
    private final Path cacheDir;

    public NvccCompiler(Path nvcc, Path cacheDir) {
        this.nvcc = nvcc;
        this.cacheDir = cacheDir;
    }

    /** The compiler found on the PATH, in {@code $CUDA_HOME/bin} or {@code /usr/local/cuda/bin}, with the default cache. */
    public static Optional<NvccCompiler> find() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) candidates.add(Path.of(dir, "nvcc"));
        }
        String cudaHome = System.getenv("CUDA_HOME");
        if (cudaHome != null) candidates.add(Path.of(cudaHome, "bin", "nvcc"));
        candidates.add(Path.of("/usr/local/cuda/bin/nvcc"));
        for (Path p : candidates) {
            if (Files.isExecutable(p)) return Optional.of(new NvccCompiler(p, defaultCacheDir()));
        }
        return Optional.empty();
    }

    /** The same compiler with its cache in {@code dir}. */
    public NvccCompiler withCacheDir(Path dir) {
        return new NvccCompiler(nvcc, dir);
    }

    /** The default cache directory (see the class comment). */
    public static Path defaultCacheDir() {
        String explicit = System.getenv("ENTANGLE_CACHE");
        return explicit != null && !explicit.isBlank() ? Path.of(explicit) : UserCache.folder("cuda");
    }

    /** Compiles to PTX for {@code arch} (such as {@code sm_90}) and returns the PTX text. */
    public String ptx(String source, String arch) throws CudaCompileException {
        Path out = compile(source, arch, "ptx", List.of("-ptx", "-lineinfo"));
        try {
            return Files.readString(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CudaCompileException("cannot read " + out + ": " + e.getMessage());
        }
    }

    /** Compiles a host program (optimised) for {@code arch} and returns the path of the executable. */
    public Path executable(String source, String arch) throws CudaCompileException {
        return compile(source, arch, "bin", List.of("-O3"));
    }

    private Path compile(String source, String arch, String kind, List<String> flags) throws CudaCompileException {
        String key = sha256(kind + "\n" + arch + "\n" + String.join(" ", flags) + "\n" + source);
        Path target = cacheDir.resolve(key + "." + kind);
        if (Files.isRegularFile(target)) return target;
        try {
            Files.createDirectories(cacheDir);
            Path work = Files.createTempDirectory(cacheDir, "nvcc-");
            Path cu = work.resolve("kernel.cu");
            Path result = work.resolve("kernel." + kind);
            Files.writeString(cu, source, StandardCharsets.UTF_8);
            List<String> command = new ArrayList<>(List.of(nvcc.toString(), "-arch=" + arch));
            command.addAll(flags);
            command.addAll(List.of("-o", result.toString(), cu.toString()));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new CudaCompileException("nvcc did not finish within " + TIMEOUT_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new CudaCompileException(explain(output, source));
            }
            Files.move(result, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            deleteQuietly(work);
            return target;
        } catch (IOException e) {
            throw new CudaCompileException("cannot run " + nvcc + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CudaCompileException("interrupted while nvcc was running");
        }
    }

    /** nvcc's messages with the generated line each error points at. */
    static String explain(String nvccOutput, String source) {
        String[] lines = source.split("\n", -1);
        StringBuilder sb = new StringBuilder("nvcc rejected the generated CUDA:");
        boolean located = false;
        for (String message : nvccOutput.split("\n")) {
            Matcher m = ERROR_LOCATION.matcher(message);
            if (!m.find()) continue;
            int line = Integer.parseInt(m.group(1));
            String code = line >= 1 && line <= lines.length ? lines[line - 1].strip() : "?";
            sb.append("\n  line ").append(line).append(": ").append(m.group(2)).append("\n      ").append(code);
            located = true;
        }
        if (!located) sb.append('\n').append(nvccOutput.strip());
        return sb.toString();
    }

    private static void deleteQuietly(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
        }
        Files.deleteIfExists(dir);
    }

    private static String sha256(String text) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }
}
