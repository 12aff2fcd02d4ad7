package org.entangle.cli.gpu;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.ProgramArguments;
import org.entangle.cli.common.UserError;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.tournament.BlockScanRun;
import org.entangle.gpu.tournament.GpuTournament;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.io.NetworkFormatException;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.TraceOracle;
import org.entangle.oracle.engine.TraceOracles;
import org.entangle.tournament.Ranking;
import org.entangle.tournament.Setting;
import org.entangle.tournament.TournamentCandidates;
import org.entangle.tournament.TournamentOutput;
import org.entangle.tournament.TournamentResult;
import org.entangle.tournament.TournamentTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code entangle gpu-tournament}: which of many candidate networks scans fastest on this GPU, and why. Gathers the
 * candidates ({@link TournamentCandidates}), runs them on the device ({@link GpuTournament}) and writes the report
 * ({@link TournamentOutput}); with {@code --report} it ranks and draws a tournament's JSON again, without a GPU, adding
 * with {@code --ncu} what Nsight Compute measured; with {@code --profile} it launches chosen block-scan contenders of a
 * tournament's JSON alone for a profiler ({@link TournamentProfiling}).
 */
@Command(name = "gpu-tournament", mixinStandardHelpOptions = true,
        description = "Time many candidate scan networks on the GPU (block scan against CUB's WarpScan and BlockScan, then the"
                + " fastest inside the compaction and device-wide against CUB), each checked first; rank them and write a table,"
                + " JSON, scatter plots and the winner's diagram beside the best classic family's. With --profile, launch the block-scan"
                + " kernels of a tournament's winners alone for Nsight Compute (ncu); with --report --ncu, add what ncu measured.%n"
                + "Exit 0: done; 1: nothing could be timed; 2: bad input or no GPU.")
public final class GpuTournamentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "NET", arity = "0..*", description = "network files to enter (each at its own width)")
    List<Path> files = new ArrayList<>();

    @Option(names = "--width", split = ",", paramLabel = "W", description = "block widths: 32 (a warp) or multiples of 32 up to 1024 (default 32,256)")
    List<Integer> widths = new ArrayList<>(List.of(32, 256));

    @Option(names = "--space", paramLabel = "N:STEPS:OPS", description = "a spec-form space to sample (repeatable); a space narrower"
            + " than a width feeds it through compositions")
    List<String> spaces = new ArrayList<>();

    @Option(names = "--program", paramLabel = "FILE", description = "a spec-form program (.angel) to sample on the forest engine (repeatable)")
    List<Path> programs = new ArrayList<>();

    @Option(names = "--samples", paramLabel = "K", description = "uniform samples per space (default 100)")
    int samples = 100;

    @Option(names = "--seed", description = "seed of the samples, compositions and inputs (default 1)")
    long seed = 1;

    @Option(names = "--optimiser-seconds", paramLabel = "S", description = "time limit of the optimiser's Pareto front per width (default 60)")
    double optimiserSeconds = 60;

    @Option(names = "--count-seconds", paramLabel = "S", description = "time limit of counting and sampling each space (default 120)")
    double countSeconds = 120;

    @Option(names = "--rounds", description = "interleaved rounds of the block scan (default 5)")
    int rounds = 5;

    @Option(names = "--runs", description = "timed launches per contender and round (default 5)")
    int runs = 5;

    @Option(names = "--reps", description = "block scans per block and launch (default 64)")
    int reps = 64;

    @Option(names = "--threads", description = "threads per block-scan launch (default 2^20)")
    int threads = 1 << 20;

    @Option(names = "--wide-width", split = ",", paramLabel = "W", description = "widths that also run the compaction and device-wide (default 32,256)")
    List<Integer> wideWidths = new ArrayList<>(List.of(32, 256));

    @Option(names = "--wide-sizes", paramLabel = "LIST", description = "sizes of the compaction and device-wide settings (default 2^24,2^28)")
    String wideSizes = "2^24,2^28";

    @Option(names = "--wide-top", paramLabel = "K", description = "the block scan's fastest K, and its fastest K oracle-chosen, go on to those settings with every classic family (default 6)")
    int wideTop = 6;

    @Option(names = "--wide-rounds", description = "interleaved rounds of those settings (default 3)")
    int wideRounds = 3;

    @Option(names = "--no-pattern", description = "leave out the compaction setting")
    boolean noPattern;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "where the report goes (default tournament)")
    Path out = Path.of("tournament");

    @Option(names = "--report", paramLabel = "JSON", description = "rank and draw this tournament's JSON again into --out (no GPU)")
    Path report;

    @Option(names = "--ncu", paramLabel = "CSV", description = "with --report: what ncu --csv --print-units base measured of the kernels that"
            + " --profile launched (repeatable); the bank conflicts go beside the bank model's in the winners' explanation")
    List<Path> ncu = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "JSON", description = "launch block-scan contenders of this tournament's JSON alone, at each --width,"
            + " each launch checked, for a profiler: run it under ncu (nothing is timed); --reps and --threads size the launches")
    Path profile;

    @Option(names = "--id", paramLabel = "ID", description = "with --profile: the contenders to launch (repeatable; default the fastest network,"
            + " the fastest oracle-chosen one, the fastest classic family and the fastest library algorithm)")
    List<String> ids = new ArrayList<>();

    @Option(names = "--launches", paramLabel = "N", description = "with --profile: launches of each kernel (default 1)")
    int launches = 1;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!ncu.isEmpty() && report == null) throw new UserError("--ncu goes with --report JSON");
        if (profile != null) {
            if (report != null) throw new UserError("--profile and --report are separate runs");
            validate();
            if (launches < 1) throw new UserError("--launches " + launches + ": expected at least 1");
            return TournamentProfiling.launch(profile, widths, ids, threads, reps, launches, seed, spec.commandLine().getOut(), err);
        }
        if (report != null) return finish(TournamentProfiling.merge(TournamentProfiling.read(report), ncu, err));
        validate();
        List<SpecForm> forms = new ArrayList<>();
        List<TraceOracle> oracles = new ArrayList<>();
        for (String s : spaces) {
            SpecForm form = space(s);
            forms.add(form);
            oracles.add(org.entangle.tournament.CandidateSources.oracle(form).orElse(null));
        }
        for (Path p : programs) {
            Program program = ProgramArguments.load(p);
            SpecForm form = SpecForm.recognise(program).orElseThrow(() -> new UserError(p + ": not a spec-form program (the forest engine samples those)"));
            forms.add(form);
            oracles.add(TraceOracles.forest(program, form).orElse(null));
        }
        List<Network> networks = new ArrayList<>();
        for (Path f : files) networks.add(load(f));
        TournamentCandidates candidates = new TournamentCandidates(new TournamentCandidates.Plan(forms, oracles, networks, samples, seed,
                optimiserSeconds, countSeconds), line -> progress(err, line));
        for (int w : widths) candidates.at(w);
        NvccCompiler nvcc = GpuSession.nvcc();
        GpuTournament.Plan plan = new GpuTournament.Plan(widths, wideWidths, SizeList.parse(wideSizes, 1), wideTop, !noPattern,
                new BlockScanRun.Config(threads, 3, reps, rounds, runs, seed), wideRounds, seed);
        TournamentResult result;
        try (Gpu gpu = Gpu.open()) {
            progress(err, "device: " + gpu.info().describe());
            String device = gpu.info().describe();
            List<Setting> settings = GpuTournament.run(gpu, nvcc, plan, w -> candidates.at(w).candidates(), line -> progress(err, line),
                    sofar -> partial(new TournamentResult(device, now(), commandLine(), sofar, candidates.notes()), err));
            result = new TournamentResult(device, now(), commandLine(), settings, candidates.notes());
        } catch (GpuUnavailableException e) {
            err.println("entangle gpu-tournament: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
        return finish(result);
    }

    /** Writes the report of the settings measured so far (overwritten by the next and the final one). */
    private void partial(TournamentResult sofar, PrintWriter err) {
        try {
            TournamentOutput.write(sofar, out);
            progress(err, "report of " + sofar.settings().size() + " settings written to " + out);
        } catch (IOException e) {
            progress(err, "cannot write the report so far into " + out + ": " + e.getMessage());
        }
    }

    private Integer finish(TournamentResult result) {
        PrintWriter stdout = spec.commandLine().getOut();
        List<String> written;
        try {
            written = TournamentOutput.write(result, out);
        } catch (IOException e) {
            throw new UserError("cannot write the report into " + out + ": " + e.getMessage());
        }
        boolean timed = false;
        for (Setting s : result.settings()) {
            Ranking r = Ranking.of(s);
            timed |= !r.rows().isEmpty();
            stdout.println("## " + s.title() + (s.note() == null ? "" : "\nnote: " + s.note()));
            stdout.print(TournamentTable.summary(r));
        }
        for (String w : written) stdout.println((w.startsWith("not written") ? "" : "wrote ") + w);
        return timed ? ExitStatus.OK : ExitStatus.WRONG;
    }

    private void validate() {
        for (int w : widths) {
            if (w < 32 || w > 1024 || w % 32 != 0) throw new UserError("--width " + w + ": expected 32 or a multiple of 32 up to 1024");
        }
        if (samples < 0 || rounds < 1 || runs < 1 || reps < 1 || wideTop < 0 || wideRounds < 1) {
            throw new UserError("--samples, --wide-top must be at least 0; --rounds, --runs, --reps, --wide-rounds at least 1");
        }
        if (threads < 1024 || threads % 1024 != 0) throw new UserError("--threads " + threads + ": expected a positive multiple of 1024");
    }

    private static SpecForm space(String text) {
        String[] parts = text.split(":");
        try {
            if (parts.length != 3) throw new NumberFormatException();
            return new SpecForm(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()), Integer.parseInt(parts[2].trim()), Constraints.NONE);
        } catch (NumberFormatException e) {
            throw new UserError("--space " + text + ": expected N:STEPS:OPS, e.g. 16:4:40");
        } catch (IllegalArgumentException e) {
            throw new UserError("--space " + text + ": " + e.getMessage());
        }
    }

    private static Network load(Path file) {
        try {
            Network n = NetworkFiles.load(file);
            String name = file.getFileName() == null ? file.toString() : file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
            return n.name() != null ? n : n.withName(name);
        } catch (NetworkFormatException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    private static void progress(PrintWriter err, String line) {
        err.println("[" + ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("HH:mm:ss")) + "] " + line);
        err.flush();
    }

    private static String now() {
        return ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"));
    }

    private String commandLine() {
        return "entangle " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    }
}
