package org.entangle.cli.gpu;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.UserError;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.tournament.ProfileLaunch;
import org.entangle.tournament.Entry;
import org.entangle.tournament.KernelProfile;
import org.entangle.tournament.NcuCsv;
import org.entangle.tournament.ProfiledKernel;
import org.entangle.tournament.Ranking;
import org.entangle.tournament.Setting;
import org.entangle.tournament.TournamentJson;
import org.entangle.tournament.TournamentResult;

/**
 * The profiling side of {@code gpu-tournament}: {@code --profile JSON} launches chosen block-scan contenders of a
 * recorded tournament alone ({@link ProfileLaunch}) for a profiler run around the command, and {@code --report JSON
 * --ncu CSV} merges what Nsight Compute measured ({@link NcuCsv}) into the tournament's result.
 */
final class TournamentProfiling {

    private TournamentProfiling() {
    }

    /** Reads a tournament's JSON, user errors naming the file. */
    static TournamentResult read(Path json) {
        try {
            return TournamentJson.read(json.toString(), Files.readString(json));
        } catch (IOException e) {
            throw new UserError(json + ": cannot read (" + e.getClass().getSimpleName() + ")");
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /**
     * Launches the contenders {@code ids} (or the explained ones) of the block scans of {@code json} at {@code widths};
     * 0 when every launch computed the right result, 1 when one did not.
     */
    static int launch(Path json, List<Integer> widths, List<String> ids, int threads, int reps, int launches, long seed, PrintWriter out,
                      PrintWriter err) {
        TournamentResult result = read(json);
        List<Integer> used = new ArrayList<>();
        List<Ranking> rankings = new ArrayList<>();
        List<List<Entry>> targets = new ArrayList<>();
        List<String> found = new ArrayList<>();
        for (int width : widths) {
            Setting block = result.settings().stream().filter(s -> s.name().equals("block") && s.width() == width).findFirst()
                    .orElseThrow(() -> new UserError(json + ": no block-scan setting at width " + width));
            Ranking ranking = Ranking.of(block);
            List<String> here = ids.stream().filter(id -> ranking.row(id) != null).toList();
            if (!ids.isEmpty() && here.isEmpty()) continue;
            found.addAll(here);
            used.add(width);
            rankings.add(ranking);
            try {
                targets.add(ProfiledKernel.targets(ranking, here));
            } catch (IllegalArgumentException e) {
                throw new UserError(json + ": " + e.getMessage());
            }
        }
        List<String> missing = ids.stream().filter(id -> !found.contains(id)).toList();
        if (!missing.isEmpty()) throw new UserError(json + ": no passed block-scan contender " + String.join(", ", missing) + " at widths " + widths);
        NvccCompiler nvcc = GpuSession.nvcc();
        boolean wrong = false;
        try (Gpu gpu = Gpu.open()) {
            out.println("device: " + gpu.info().describe());
            for (int i = 0; i < used.size(); i++) {
                int width = used.get(i);
                try {
                    for (ProfileLaunch.Outcome o : ProfileLaunch.run(gpu, nvcc, width, targets.get(i), threads, reps, launches, seed)) {
                        wrong |= o.failure() != null;
                        Ranking.Row row = rankings.get(i).row(o.kernel().id());
                        out.printf(Locale.ROOT, "%s: %s (rank %d at width %d), registers %d, %s%n", o.kernel().name(), o.kernel().id(), row.rank(),
                                width, o.registers(), o.failure() == null ? launches + " launches of " + threads / width + " blocks x " + reps
                                        + " scans, right result" : "FAILED " + o.failure());
                    }
                } catch (GpuException e) {
                    err.println("entangle gpu-tournament: profiling width " + width + " failed: " + e.getMessage());
                    wrong = true;
                }
            }
        } catch (GpuUnavailableException e) {
            err.println("entangle gpu-tournament: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
        }
        out.flush();
        return wrong ? ExitStatus.WRONG : ExitStatus.OK;
    }

    /**
     * {@code result} with the profiles of {@code csvs}; a profile whose contender is no passed block-scan contender of
     * the result is reported on {@code err} and left out.
     */
    static TournamentResult merge(TournamentResult result, List<Path> csvs, PrintWriter err) {
        List<KernelProfile> kept = new ArrayList<>();
        for (Path csv : csvs) {
            List<KernelProfile> read;
            try {
                read = NcuCsv.read(csv.toString(), Files.readString(csv));
            } catch (IOException e) {
                throw new UserError(csv + ": cannot read (" + e.getClass().getSimpleName() + ")");
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
            if (read.isEmpty()) {
                throw new UserError(csv + ": no kernel named " + ProfiledKernel.PREFIX + "… (profile gpu-tournament --profile with ncu --csv)");
            }
            for (KernelProfile p : read) {
                boolean known = result.settings().stream().anyMatch(s -> s.name().equals("block") && s.width() == p.width()
                        && Ranking.of(s).row(p.id()) != null);
                if (known) kept.add(p);
                else err.println("entangle gpu-tournament: " + csv + ": " + p.id() + " at width " + p.width() + " is no block-scan contender of"
                        + " the tournament; left out");
            }
        }
        return result.withProfiles(kept);
    }
}
