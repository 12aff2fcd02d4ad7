package org.entangle.cli.gpu;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.entangle.cli.common.UserError;
import org.entangle.cuda.patterns.PatternCatalog;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.cuda.patterns.PatternSource;
import org.entangle.generalize.ProgramInstances;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.patterns.GpuPattern;
import org.entangle.gpu.patterns.GpuPatternCatalog;
import org.entangle.gpu.patterns.PatternBenchRow;
import org.entangle.gpu.patterns.PatternCheck;
import org.entangle.gpu.patterns.PatternProtocol;
import org.entangle.gpu.patterns.TiledPattern;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.io.NetworkFormatException;
import org.entangle.work.CancellationToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.entangle.cli.common.ExitStatus;

/**
 * {@code entangle pattern NAME [NET|PROGRAM]}: a GPU parallel pattern built around a scan network —
 * its CUDA ({@code --emit}, no GPU needed), its check against the CPU reference ({@code --check}) and its
 * benchmark against CUB and memcpy ({@code --bench}).
 */
@Command(name = "pattern", mixinStandardHelpOptions = true,
        description = {"A GPU parallel pattern built on a scan network: --emit its CUDA, --check it on the GPU, --bench it against CUB.",
                "NAME: reduce | compact | histogram (and the others the catalogue lists). The network: a network file, an angelic "
                        + "PROGRAM (.angel) run at --n, or --family F --n W; default sklansky 256.",
                "Options per pattern (--option k=v): reduce op=add|max|min|all; compact predicate=threshold|flags|all, threshold=T; "
                        + "histogram bins=256,2048,65536 mode=even|range|all dist=uniform|skewed|all lo= hi= edges=e0,e1,..."})
public final class PatternCommand implements Callable<Integer> {

    /** The network when none is given. */
    static final String DEFAULT_FAMILY = "sklansky";
    static final int DEFAULT_WIDTH = 256;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "the pattern")
    String name;

    @Option(names = "--list", description = "print the patterns' names, one a line")
    boolean list;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NET|PROGRAM", description = "a network file (.json, .txt, .net) or a program (.angel, run at --n)")
    Path input;

    @Option(names = "--family", paramLabel = "F", description = "a catalogue family (with --n; default sklansky)")
    String family;

    @Option(names = "--n", paramLabel = "W", description = "network width = threads per block (default 256)")
    Integer width;

    @Option(names = "--param", paramLabel = "P", description = "the family's parameter")
    Integer param;

    @Option(names = "--type", paramLabel = "TYPE", description = "element types (repeatable; default: the pattern's)")
    List<String> types = new ArrayList<>();

    @Option(names = "--option", paramLabel = "K=V", description = "a pattern option (repeatable)")
    List<String> options = new ArrayList<>();

    @Option(names = "--emit", description = "write the CUDA C (works without a GPU)")
    boolean emit;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.cu", description = "with --emit: write to FILE")
    Path output;

    @Option(names = "--check", description = "check on the GPU against the CPU reference (exit 1 on a mismatch)")
    boolean check;

    @Option(names = "--bench", description = "time on the GPU against the library and memcpy")
    boolean bench;

    @Option(names = "--sizes", paramLabel = "LIST", description = "sizes (default: --check " + PatternProtocol.DEFAULT_SIZES + "; --bench 2^24,2^28)")
    String sizes;

    @Option(names = "--seed", description = "seed of the first input (default: from the clock; always printed)")
    Long seed;

    @Option(names = "--runs", description = "timed runs per figure (median; at least 20, default 20)")
    int runs = 20;

    @Option(names = "--warmups", description = "untimed runs first (default 3)")
    int warmups = 3;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
        if (list) {
            PatternCatalog.all().forEach(p -> spec.commandLine().getOut().println(p.name()));
            return ExitStatus.OK;
        }
        if (name == null) throw new UserError("give a pattern NAME (see --list)");
        PatternSource source = PatternCatalog.find(name).orElseThrow(() -> new UserError("no pattern '" + name + "'; known: "
                + String.join(", ", PatternCatalog.all().stream().map(PatternSource::name).toList())));
        if (!emit && !check && !bench) throw new UserError("give --emit, --check or --bench");
        if (output != null && !emit) throw new UserError("-o goes with --emit");
        if (runs < PatternProtocol.MIN_RUNS) throw new UserError("--runs must be at least " + PatternProtocol.MIN_RUNS);
        if (warmups < 0) throw new UserError("--warmups must not be negative");
        PatternRequest request = new PatternRequest(network(), networkName(), types, parseOptions());
        PrintWriter out = spec.commandLine().getOut();
        if (emit) emit(source, request, out);
        if (!check && !bench) return ExitStatus.OK;
        GpuPattern pattern = GpuPatternCatalog.find(name).orElseThrow(() -> new UserError(name + " has no GPU runner"));
        try (Gpu gpu = Gpu.open()) {
            return runOnDevice(gpu, pattern, request, out);
        } catch (GpuUnavailableException e) {
            spec.commandLine().getErr().println("entangle pattern: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        } catch (IllegalArgumentException | GpuException e) {
            throw located(e);
        }
    }

    private UserError located(RuntimeException e) {
        String message = String.valueOf(e.getMessage());
        return new UserError(message.startsWith(name + ":") ? message : name + ": " + message);
    }

    private void emit(PatternSource source, PatternRequest request, PrintWriter out) {
        String text;
        try {
            text = source.emit(request);
        } catch (IllegalArgumentException e) {
            throw located(e);
        }
        if (output == null) {
            out.print(text);
            return;
        }
        try {
            Files.writeString(output, text);
        } catch (IOException e) {
            throw new UserError("cannot write " + output + ": " + e.getMessage());
        }
    }

    private int runOnDevice(Gpu gpu, GpuPattern pattern, PatternRequest request, PrintWriter out) {
        long tile = pattern instanceof TiledPattern t ? t.tileItems(request) : request.network().width();
        List<Map<String, Object>> records = new ArrayList<>();
        boolean passed = true;
        String device = gpu.info().name();
        if (check) {
            long first = seed != null ? seed : System.nanoTime();
            List<Long> list = SizeList.parse(sizes != null ? sizes : PatternProtocol.DEFAULT_SIZES, tile);
            if (!json) out.println("device: " + gpu.info().describe() + "; " + name + " on " + request.networkName() + "; seed " + first);
            for (PatternCheck c : pattern.check(gpu, request, list, first)) {
                passed &= c.passed();
                if (json) {
                    records.add(checkRecord(device, request, c));
                } else {
                    out.printf(Locale.ROOT, "%-4s %s %s n=%d seed=%d: %s%n", c.passed() ? "PASS" : "FAIL", c.pattern(), c.config(), c.n(), c.seed(), c.detail());
                }
                out.flush();
            }
        }
        if (bench) {
            List<Long> list = SizeList.parse(sizes != null && !check ? sizes : "2^24,2^28", tile);
            if (!json) {
                out.println("device: " + gpu.info().describe() + "; " + name + " on " + request.networkName() + "; median of " + runs + " runs");
                out.println("config                                       n    ours ms  library ms  memcpy ms  ours GB/s  vs library  library");
            }
            for (PatternBenchRow r : pattern.bench(gpu, request, list, warmups, runs)) {
                if (json) {
                    records.add(benchRecord(device, request, r));
                } else {
                    out.printf(Locale.ROOT, "%-38s %10d %10.4f %11.4f %10.4f %10.1f %10.3f  %s%n", r.config(), r.n(), r.oursMs(), r.libraryMs(),
                            r.memcpyMs(), r.gigabytesPerSecond(), r.throughputVsLibrary(), r.library());
                }
                out.flush();
            }
        }
        if (json) GpuSession.printJson(out, records);
        return passed ? ExitStatus.OK : ExitStatus.WRONG;
    }

    private Map<String, Object> checkRecord(String device, PatternRequest request, PatternCheck c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("device", device);
        m.put("pattern", c.pattern());
        m.put("network", request.networkName());
        m.put("config", c.config());
        m.put("n", c.n());
        m.put("seed", c.seed());
        m.put("passed", c.passed());
        m.put("detail", c.detail());
        return m;
    }

    private Map<String, Object> benchRecord(String device, PatternRequest request, PatternBenchRow r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("device", device);
        m.put("pattern", r.pattern());
        m.put("network", request.networkName());
        m.put("config", r.config());
        m.put("n", r.n());
        m.put("ours_ms", r.oursMs());
        m.put("library", r.library());
        m.put("library_ms", Double.isNaN(r.libraryMs()) ? null : r.libraryMs());
        m.put("memcpy_ms", r.memcpyMs());
        m.put("bytes_moved", r.bytesMoved());
        m.put("ours_gb_per_s", r.gigabytesPerSecond());
        m.put("throughput_vs_library", Double.isNaN(r.libraryMs()) ? null : r.throughputVsLibrary());
        m.put("runs", runs);
        return m;
    }

    private Map<String, String> parseOptions() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String o : options) {
            int eq = o.indexOf('=');
            if (eq <= 0) throw new UserError("--option " + o + ": expected KEY=VALUE");
            m.put(o.substring(0, eq).strip(), o.substring(eq + 1).strip());
        }
        return m;
    }

    private int width() {
        return width != null ? width : DEFAULT_WIDTH;
    }

    private String networkName() {
        if (input != null) return input.getFileName().toString().replaceFirst("\\.[^.]*$", "") + (input.toString().endsWith(".angel") ? "-" + width() : "");
        return (family != null ? family : DEFAULT_FAMILY) + "-" + width();
    }

    private Network network() {
        if (input != null && family != null) throw new UserError("give a network file or program, or --family, not both");
        if (input == null) {
            String f = family != null ? family : DEFAULT_FAMILY;
            try {
                return param == null ? Families.build(f, width()) : Families.build(f, width(), param);
            } catch (IllegalArgumentException e) {
                throw new UserError("--family " + f + " --n " + width() + ": " + e.getMessage());
            }
        }
        if (input.toString().endsWith(".angel")) return program();
        try {
            Network network = NetworkFiles.load(input);
            if (width != null && width != network.width()) throw new UserError("--n " + width + " differs from the network's width " + network.width());
            return network;
        } catch (NetworkFormatException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    private Network program() {
        Program program;
        try {
            program = Program.parse(Files.readString(input));
        } catch (IOException e) {
            throw new UserError(input + ": cannot read (" + e.getClass().getSimpleName() + ")");
        } catch (LangError e) {
            throw new UserError(input + ":" + e.getMessage());
        }
        try {
            return ProgramInstances.at(program, width(), CancellationToken.withTimeout(600));
        } catch (IllegalArgumentException e) {
            throw new UserError(input + ": at N = " + width() + ": " + e.getMessage());
        }
    }
}
