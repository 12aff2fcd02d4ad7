package org.entangle.cli.gpu;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.cli.common.UserError;
import org.entangle.cli.common.ProgramArguments;
import org.entangle.cuda.BankRemap;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.DeviceScanTuning;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.ProgramKernel;
import org.entangle.cuda.ScanOperator;
import org.entangle.cuda.ScanOptions;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.io.NetworkFormatException;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options shared by {@code cuda}, {@code gpu-check} and {@code gpu-bench}: which networks (files in the
 * project's network format, and catalogue families at given widths) or deterministic programs ({@code .angel},
 * at the N values of {@code --n}), which kernel form, and what it computes. {@code --family}, {@code --n},
 * {@code --type} and {@code --op} may repeat; the commands take every combination.
 */
public final class KernelChoice {

    /** The N values a program is checked at when no --n is given: powers of two, and others where the program runs. */
    static final List<Integer> PROGRAM_NS = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024);
    static final List<Integer> PROGRAM_OTHER_NS = List.of(3, 100, 1000);

    @Parameters(paramLabel = "NET|PROGRAM", arity = "0..*", description = "network files (.json, or the text form .txt/.net),"
            + " or deterministic programs (.angel) with parameter N")
    List<Path> files = new ArrayList<>();

    @Option(names = "--family", paramLabel = "NAME", description = "a catalogue family (repeatable; with --n)")
    List<String> families = new ArrayList<>();

    @Option(names = "--n", paramLabel = "WIDTH", description = "network width of the families, N of the programs (repeatable)")
    List<Integer> widths = new ArrayList<>();

    @Option(names = "--param", paramLabel = "P", description = "the family's parameter (default: the family's own)")
    Integer param;

    @Option(names = "--type", paramLabel = "TYPE", description = "int32 | int64 | float32 | float64 (repeatable; default int32)")
    List<String> types = new ArrayList<>();

    @Option(names = "--op", paramLabel = "OP", description = "add | max | min (repeatable; default add)")
    List<String> ops = new ArrayList<>();

    @Option(names = "--exclusive", description = "exclusive rather than inclusive")
    boolean exclusive;

    @Option(names = "--backward", description = "scan from the end")
    boolean backward;

    @Option(names = "--segmented", description = "segmented by a bit mask of segment heads")
    boolean segmented;

    @Option(names = "--device-wide", description = "a single-pass scan of arrays of any length (decoupled look-back)")
    boolean deviceWide;

    @Option(names = "--warp", description = "the warp form (width <= 32, registers and shuffles)")
    boolean warp;

    @Option(names = "--items", paramLabel = "K", description = "items per thread of the device-wide form (default: by width, type and layout)")
    Integer items;

    @Option(names = "--layout", paramLabel = "padded|direct", description = "device-wide: the tile in shared memory, unpadded with"
            + " 16-byte asynchronous copies and an odd item count (direct, the default) or padded with transposes through registers")
    String layout;

    @Option(names = "--look-back", paramLabel = "after-network|early|dedicated-warp", description = "device-wide: when the tile's"
            + " aggregate is published and which warp looks back: the first warp, with the aggregate from warp shuffles before the"
            + " network and its first poll read before it (early, the default), the first warp after the network (after-network),"
            + " or one more warp beside the network, on named barriers (dedicated-warp)")
    String lookBack;

    @Option(names = "--min-blocks", paramLabel = "B", description = "device-wide: resident blocks per SM asked of the compiler"
            + " (default: 2048 threads' worth; 0: the compiler's choice)")
    Integer minBlocks;

    @Option(names = "--backoff", paramLabel = "NS", description = "device-wide: nanoseconds to sleep between look-back polls (default 200; 0: spin)")
    Integer backoff;

    @Option(names = "--scalar-access", description = "device-wide: one element per global access (default: 16-byte pieces for full forward tiles)")
    boolean scalarAccess;

    @Option(names = "--items-in-registers", description = "device-wide: hold each thread's items in registers between the reduction and the rescan (default: read from shared memory twice)")
    boolean itemsInRegisters;

    @Option(names = "--l2-hint", paramLabel = "none|evict-first|prefetch-256", description = "device-wide, direct layout: the L2"
            + " cache hint on the 16-byte copies and stores of full tiles: none (the default), an evict-first policy on both"
            + " (evict-first), or 256-byte L2 fetches on the copies (prefetch-256)")
    String l2Hint;

    @Option(names = "--prefix-at-store", description = "device-wide, early look-back, unsegmented: the warps that do not look"
            + " back rescan their items from their thread prefixes during the look-back and combine the tile's prefix in as they"
            + " store, on named barriers the looking-back warp does not wait at (default: every warp rescans after the look-back)")
    boolean prefixAtStore;

    @Option(names = "--warp-scan", description = "device-wide: scan the thread totals by shuffles inside warps, then across"
            + " the warp totals (one barrier), instead of by the network (a speed reference)")
    boolean warpScan;

    @Option(names = "--remap-banks", paramLabel = "KIND", arity = "0..1", fallbackValue = "search",
            description = "remap the network's shared-memory exchange against bank conflicts: search (the remap"
                    + " 'entangle banks' finds, a lookup table when no formula removes every conflict; the default), padding"
                    + " (i + (i >> 5)), xor (i ^ ((i >> 5) & 31)), level (the tree-level swizzle) or table (a bank colouring)")
    String remapBanks;

    /** A network and a kernel generated from it. */
    public record Choice(Network network, GeneratedKernel kernel) {
    }

    /** Every requested combination, generated. */
    public List<Choice> generate() {
        if (deviceWide && warp) throw new UserError("choose one of --device-wide and --warp");
        List<Path> programs = files.stream().filter(KernelChoice::isProgram).toList();
        if (!families.isEmpty() && widths.isEmpty()) throw new UserError("--family needs --n WIDTH");
        if (families.isEmpty() && programs.isEmpty() && !widths.isEmpty()) throw new UserError("--n goes with --family or a program (.angel)");
        if (files.isEmpty() && families.isEmpty()) throw new UserError("give network files, programs, or --family NAME --n WIDTH");
        List<Choice> out = new ArrayList<>();
        for (Path file : programs) out.addAll(programChoices(file));
        List<Network> networks = new ArrayList<>();
        for (Path file : files) {
            if (!isProgram(file)) networks.add(load(file));
        }
        for (String family : families) {
            for (int n : widths) networks.add(network(family, n));
        }
        for (Network network : networks) {
            for (ElementType type : types()) {
                for (ScanOperator op : ops()) {
                    ScanOptions o = new ScanOptions(type, op, exclusive, backward, segmented);
                    out.add(new Choice(network, kernel(network, o)));
                }
            }
        }
        return out;
    }

    private static boolean isProgram(Path file) {
        return file.toString().endsWith(".angel");
    }

    /** A program's kernel at every requested N (one source for all of them). */
    private List<Choice> programChoices(Path file) {
        if (deviceWide || warp) throw new UserError(file + ": a program becomes a block-level kernel; --device-wide and --warp take networks");
        if (remapBanks != null) throw new UserError(file + ": --remap-banks applies to the exchange buffers of network kernels, not to programs");
        Program program = ProgramArguments.load(file);
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString().replaceFirst("\\.angel$", "");
        List<Choice> out = new ArrayList<>();
        Map<Integer, Network> networks = new HashMap<>();
        for (ElementType type : types()) {
            for (ScanOperator op : ops()) {
                ProgramKernel kernel = programKernel(file, name, program, new ScanOptions(type, op, exclusive, backward, segmented));
                for (int n : programNs(kernel)) {
                    try {
                        Network network = networks.computeIfAbsent(n, kernel::networkAt);
                        out.add(new Choice(network, kernel.at(n, network)));
                    } catch (IllegalArgumentException e) {
                        throw new UserError(file + ": " + e.getMessage());
                    }
                }
            }
        }
        return out;
    }

    private static ProgramKernel programKernel(Path file, String name, Program program, ScanOptions o) {
        try {
            return ProgramKernel.of(name, program, o);
        } catch (LangError e) {
            throw new UserError(file + ":" + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UserError(file + ": " + e.getMessage());
        }
    }

    /** The N values of {@code --n}; without them, {@link #PROGRAM_NS} and those of {@link #PROGRAM_OTHER_NS} where the program runs. */
    private List<Integer> programNs(ProgramKernel kernel) {
        if (!widths.isEmpty()) return widths;
        List<Integer> ns = new ArrayList<>(PROGRAM_NS);
        for (int n : PROGRAM_OTHER_NS) {
            try {
                kernel.networkAt(n);
                ns.add(n);
            } catch (IllegalArgumentException e) {
                // the program does not handle this N: it is left out of the default list
            }
        }
        ns.sort(null);
        return ns;
    }

    private static Network load(Path file) {
        try {
            Network network = NetworkFiles.load(file);
            if (network.name() != null) return network;
            String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
            return network.withName(name.replaceFirst("\\.[^.]*$", ""));
        } catch (NetworkFormatException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    private Network network(String family, int n) {
        try {
            return param == null ? Families.build(family, n) : Families.build(family, n, param);
        } catch (IllegalArgumentException e) {
            throw new UserError("--family " + family + " --n " + n + ": " + e.getMessage());
        }
    }

    private GeneratedKernel kernel(Network network, ScanOptions o) {
        try {
            if (warp && remapBanks != null) throw new UserError("--remap-banks: the warp form exchanges values by shuffles, not shared memory");
            BankRemap remap = remapBanks == null ? null
                    : BankRemap.of(remapBanks, network, o.segmented() ? 2 * o.type().bytes() : o.type().bytes());
            if (deviceWide) return CudaGenerator.deviceWide(network, o, tuning(network.width(), o), remap);
            return warp ? CudaGenerator.warp(network, o) : CudaGenerator.block(network, o, remap);
        } catch (IllegalArgumentException e) {
            throw new UserError(network.name() + ": " + e.getMessage());
        }
    }

    /** The device-wide knobs: the flags given, the defaults for the rest. */
    private DeviceScanTuning tuning(int width, ScanOptions o) {
        DeviceScanTuning.TileLayout l = layout();
        int k = items != null ? items : CudaGenerator.defaultItems(width, o, l);
        return new DeviceScanTuning(k, minBlocks != null ? minBlocks : DeviceScanTuning.defaultMinBlocks(width),
                backoff != null ? backoff : DeviceScanTuning.DEFAULT_BACKOFF_NANOS, !scalarAccess, itemsInRegisters, warpScan, l, lookBack(),
                l2Hint(), prefixAtStore);
    }

    private DeviceScanTuning.L2Hint l2Hint() {
        if (l2Hint == null) return DeviceScanTuning.L2Hint.NONE;
        DeviceScanTuning.L2Hint h = DeviceScanTuning.L2Hint.fromToken(l2Hint);
        if (h == null) throw new UserError("--l2-hint " + l2Hint + ": expected none, evict-first or prefetch-256");
        return h;
    }

    private DeviceScanTuning.LookBack lookBack() {
        if (lookBack == null) return DeviceScanTuning.DEFAULT_LOOK_BACK;
        DeviceScanTuning.LookBack l = DeviceScanTuning.LookBack.fromToken(lookBack);
        if (l == null) throw new UserError("--look-back " + lookBack + ": expected after-network, early or dedicated-warp");
        return l;
    }

    private DeviceScanTuning.TileLayout layout() {
        if (layout == null) return DeviceScanTuning.DEFAULT_LAYOUT;
        for (DeviceScanTuning.TileLayout l : DeviceScanTuning.TileLayout.values()) {
            if (l.token().equals(layout)) return l;
        }
        throw new UserError("--layout " + layout + ": expected padded or direct");
    }

    private List<ElementType> types() {
        if (types.isEmpty()) return List.of(ElementType.INT32);
        List<ElementType> list = new ArrayList<>();
        for (String t : types) {
            ElementType e = ElementType.fromToken(t);
            if (e == null) throw new UserError("--type " + t + ": expected int32, int64, float32 or float64");
            list.add(e);
        }
        return list;
    }

    private List<ScanOperator> ops() {
        if (ops.isEmpty()) return List.of(ScanOperator.ADD);
        List<ScanOperator> list = new ArrayList<>();
        for (String t : ops) {
            ScanOperator o = ScanOperator.fromToken(t);
            if (o == null) throw new UserError("--op " + t + ": expected add, max or min");
            list.add(o);
        }
        return list;
    }
}
