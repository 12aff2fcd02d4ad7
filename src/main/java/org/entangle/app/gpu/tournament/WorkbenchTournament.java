package org.entangle.app.gpu.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.gpu.tournament.BlockScanRun;
import org.entangle.network.Network;
import org.entangle.tournament.CandidatePool;
import org.entangle.tournament.CandidateSources;
import org.entangle.tournament.Origin;
import org.entangle.tournament.Ranking;
import org.entangle.tournament.Setting;
import org.entangle.tournament.TournamentOutput;
import org.entangle.tournament.TournamentResult;
import org.entangle.tournament.TournamentTable;

/**
 * The GPU panel's tournament: the block-scan setting of {@code entangle gpu-tournament} for the working set's networks
 * of one width and the catalogue families of that width (each checked on the device, then timed against
 * {@code cub::WarpScan} and the three {@code cub::BlockScan} algorithms), its report written into a new folder whose
 * {@code tournament.json} the gallery opens.
 */
public final class WorkbenchTournament {

    /** The tournament's settings for the panel: 2^20 threads, 64 scans per launch, 5 rounds of 5 runs. */
    static final BlockScanRun.Config CONFIG = new BlockScanRun.Config(1 << 20, 3, 64, 5, 5, 1);

    private WorkbenchTournament() {
    }

    /** Whether the block scan runs at this width: 32 or a multiple of 32 up to 1024. */
    public static boolean supports(int width) {
        return width >= 32 && width <= 1024 && width % 32 == 0;
    }

    /** Runs the tournament and returns the lines to show: the summary and where the report went. */
    public static List<String> run(List<Network> networks, int width, NvccCompiler nvcc) throws IOException, GpuUnavailableException {
        CandidatePool pool = new CandidatePool(width);
        CandidateSources.families(pool);
        for (Network n : networks) {
            if (n.width() == width) pool.offer(n.name() == null ? "network" : n.name(), Origin.FILE, "the working set", n);
        }
        List<String> lines = new ArrayList<>();
        try (Gpu gpu = Gpu.open()) {
            Setting block = BlockScanRun.run(gpu, nvcc, width, pool.candidates(), CONFIG, lines::add);
            TournamentResult result = new TournamentResult(gpu.info().describe(), Instant.now().toString(), "the workbench's GPU panel",
                    List.of(block), pool.rejections().stream().map(r -> "rejected " + r.id() + ": " + r.reason()).toList());
            Path dir = Files.createTempDirectory("entangle-tournament-");
            TournamentOutput.write(result, dir);
            lines.addAll(List.of(TournamentTable.summary(Ranking.of(block)).split("\n")));
            lines.add("report: " + dir.resolve("tournament.txt") + " (open " + dir.resolve("tournament.json") + " in the gallery)");
        }
        return lines;
    }
}
