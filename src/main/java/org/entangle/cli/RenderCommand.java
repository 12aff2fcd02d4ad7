package org.entangle.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.Figure;
import org.entangle.diagram.ValueRef;
import org.entangle.diagram.export.DiagramFormat;
import org.entangle.diagram.export.DiagramTooLargeException;
import org.entangle.diagram.export.ExportOptions;
import org.entangle.network.Network;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code entangle render FILE... --format svg|png|pdf|tikz|dot|json [-o OUT]}: draws network files as diagrams
 * Several files are laid side by side in one figure; {@code json} writes the (one) network as a network
 * file. The output is written to a temporary file beside OUT
 * and moved into place only when complete, so a failure leaves no partial file behind.
 */
@Command(name = "render",
        mixinStandardHelpOptions = true,
        description = "Draw network files as a diagram (several files side by side in one figure).",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:written", "2:bad input or usage (unknown format, unwritable OUT, figure too large for the"
                + " format: PNG 32767 px, PDF 14400 pt, TikZ 16322 bp per side); no file is left behind"})
public final class RenderCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "network files (JSON or text form)")
    private List<Path> files;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "svg, png, pdf, tikz, dot or json (default: from the extension of -o)")
    private String format;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "output file (default: the first FILE with the format's extension)")
    private Path output;

    @Option(names = "--scale", paramLabel = "S", defaultValue = "1",
            description = "pixels (PNG) or points (PDF, TikZ, SVG size) per diagram unit (default: ${DEFAULT-VALUE})")
    private double scale;

    @Option(names = {"--color-by", "--colour-by"}, paramLabel = "BY", defaultValue = "none",
            description = "colour ops by step, fanout or none (default: ${DEFAULT-VALUE})")
    private String colourBy;

    @Option(names = "--ranges", description = "label every op with the range its value holds")
    private boolean ranges;

    @Option(names = "--asap", description = "draw the ASAP schedule instead of the file's own steps")
    private boolean asap;

    @Option(names = "--msb-left", description = "put the most significant wire on the left")
    private boolean msbLeft;

    @Option(names = "--horizontal", description = "wires run left to right, time flows right")
    private boolean horizontal;

    @Option(names = "--cone", paramLabel = "WIRE", description = "highlight the dependency cone of this output wire")
    private Integer cone;

    @Option(names = "--diff", paramLabel = "OTHER", description = "colour ops by a diff against the network in OTHER")
    private Path diff;

    @Option(names = "--transparent", description = "transparent instead of white background")
    private boolean transparent;

    @Override
    public Integer call() {
        DiagramFormat chosen = chooseFormat();
        Path out = output != null ? output : defaultOutput(chosen);
        if (!(scale > 0) || Double.isInfinite(scale)) throw new UserError("--scale must be a positive number, got " + scale);
        List<Network> networks = new ArrayList<>();
        for (Path file : files) networks.add(named(NetworkArguments.load(file, null), file));
        if (chosen == DiagramFormat.JSON && networks.size() != 1) {
            throw new UserError("--format json writes one network file; got " + networks.size() + " files");
        }
        DiagramOptions options = options(networks);
        List<DiagramLayout> layouts = new ArrayList<>();
        for (Network network : networks) {
            if (cone != null && (cone < 0 || cone >= network.width())) {
                throw new UserError("--cone " + cone + " is not a wire of " + label(network) + " (wires 0.." + (network.width() - 1) + ")");
            }
            layouts.add(DiagramLayouter.layout(network, options));
        }
        writeAtomically(out, stream -> chosen.write(networks, Figure.sideBySide(layouts),
                new ExportOptions(scale, transparent), stream));
        spec.commandLine().getOut().println("wrote " + out + " (" + chosen.name().toLowerCase(java.util.Locale.ROOT)
                + ", " + networks.size() + (networks.size() == 1 ? " network)" : " networks)"));
        return EntangleCli.OK;
    }

    private DiagramFormat chooseFormat() {
        if (format != null) {
            DiagramFormat f = DiagramFormat.byName(format);
            if (f == null) throw new UserError("unknown format '" + format + "'; known: svg, png, pdf, tikz, dot, json");
            return f;
        }
        DiagramFormat byExtension = output == null ? null : DiagramFormat.byFileName(output.toString());
        if (byExtension == null) {
            throw new UserError("say --format svg|png|pdf|tikz|dot|json (or give -o a file with one of their extensions)");
        }
        return byExtension;
    }

    private Path defaultOutput(DiagramFormat f) {
        Path first = files.get(0);
        String name = first.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        return first.resolveSibling(base + "." + f.extension());
    }

    private DiagramOptions options(List<Network> networks) {
        DiagramOptions o = DiagramOptions.DEFAULT
                .withRows(asap ? DiagramOptions.Rows.ASAP : DiagramOptions.Rows.SCHEDULE)
                .withRanges(ranges)
                .withMsbLeft(msbLeft)
                .withOrientation(horizontal ? DiagramOptions.Orientation.HORIZONTAL : DiagramOptions.Orientation.VERTICAL)
                .withColourBy(switch (colourBy) {
                    case "step" -> DiagramOptions.ColourBy.STEP;
                    case "fanout" -> DiagramOptions.ColourBy.FANOUT;
                    case "none" -> DiagramOptions.ColourBy.NONE;
                    default -> throw new UserError("unknown --color-by '" + colourBy + "'; known: step, fanout, none");
                });
        if (cone != null) o = o.withCone(ValueRef.output(cone));
        if (diff != null) {
            Network other = named(NetworkArguments.load(diff, null), diff);
            for (Network n : networks) {
                if (n.width() != other.width()) {
                    throw new UserError(diff + ": width " + other.width() + " differs from " + label(n) + "'s width " + n.width());
                }
            }
            o = o.withDiffAgainst(other);
        }
        return o;
    }

    /** The network, named after its file when the file gives no name (diagram titles, diff legends). */
    private static Network named(Network network, Path file) {
        if (network.name() != null) return network;
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return network.withName(dot > 0 ? name.substring(0, dot) : name);
    }

    private static String label(Network network) {
        return network.name() == null ? "the network" : network.name();
    }

    /** What writes the output. */
    @FunctionalInterface
    interface Writing {
        void to(OutputStream out) throws IOException;
    }

    /** Writes through a temporary file in OUT's directory, moved over OUT only on success. */
    static void writeAtomically(Path out, Writing writing) {
        Path dir = out.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UserError("cannot write " + out + ": directory " + dir + " does not exist");
        }
        if (Files.isDirectory(out)) throw new UserError("cannot write " + out + ": it is a directory");
        Path temp;
        try {
            temp = Files.createTempFile(dir, ".render-", ".part");
        } catch (AccessDeniedException e) {
            throw new UserError("cannot write " + out + ": directory " + dir + " is not writable");
        } catch (IOException e) {
            throw new UserError("cannot write " + out + ": " + e.getMessage());
        }
        try {
            try (OutputStream stream = Files.newOutputStream(temp)) {
                writing.to(stream);
            }
            if (temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
            }
            Files.move(temp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (DiagramTooLargeException e) {
            throw new UserError("cannot write " + out + ": " + e.getMessage());
        } catch (AccessDeniedException | NoSuchFileException e) {
            throw new UserError("cannot write " + out + ": access denied");
        } catch (IOException e) {
            throw new UserError("cannot write " + out + ": " + e.getMessage());
        } finally {
            removeLeftover(temp);
        }
    }

    private static void removeLeftover(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove the temporary file " + temp, e);
        }
    }
}
