package org.entangle.app.program;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;

/**
 * The program editor's templates: the talk's program at N = 16 (seed 002, {@code networks/talk-scan16.angel}) and
 * at N = 8, Scan6 (the talk's original 6-layer experiment, {@code networks/scan6.angel}), then every other program
 * of the network catalogue ({@code networks/*.angel}, shipped in the jar and listed at run time): the
 * generalised families, given {@code N = 16} when they take N from outside, and one example per constraint.
 * Sketches (programs with {@code ??} holes) are the synthesiser's input, not the oracle's, and are left out.
 */
public final class ProgramTemplates {

    /** One template. */
    public record Template(String group, String title, String text) {
    }

    /** The width given to catalogue programs that take N from outside. */
    public static final int FAMILY_N = 16;
    /** The talk's program (seed 002) at N = 16: 2·log2 N = 8 steps, at most 2N = 32 ops. */
    public static final String TALK_16 = read("talk-scan16.angel");
    /** The talk's program at N = 8 in spec form: 6 steps, at most 16 ops (247,478,238 safe traces). */
    public static final String TALK_8 = new SpecForm(8, 6, 16, Constraints.NONE).programText();

    /** Scan6, the talk's original experiment: N = 8, 6 layers, pinned up-sweep; 90 safe traces. */
    public static final String SCAN6 = read("scan6.angel");

    private static final String DIRECTORY = "templates/";

    private ProgramTemplates() {
    }

    /** The talk's programs and Scan6: constants, at hand at once. */
    public static List<Template> talk() {
        return List.of(new Template("The talk", "The talk's program, N = 16", TALK_16),
                new Template("The talk", "The talk's program, N = 8", TALK_8),
                new Template("The talk", "Scan6 (N = 8, 6 layers, pinned up-sweep)", SCAN6));
    }

    /**
     * The catalogue's families and constraint examples by file name: read from the jar and parsed, a tenth of a second
     * or more on a cold JVM, so the workbench reads them on a background task.
     */
    public static List<Template> fromCatalogue() {
        List<Template> list = new ArrayList<>();
        for (String file : catalogue()) {
            if (file.equals("talk-scan16.angel") || file.equals("scan6.angel") || file.startsWith("sketch-")) continue;
            String text = read(file);
            String title = file.replaceFirst("\\.angel$", "");
            if (file.startsWith("spec-")) {
                list.add(new Template("Constraint examples", title, text));
            } else if (!text.contains("??")) {
                list.add(new Template("Families", title + (definesN(text) ? "" : " (N = " + FAMILY_N + ")"), withN(text)));
            }
        }
        return list;
    }

    private static boolean definesN(String text) {
        try {
            return Program.parse(text).defined().containsKey("N");
        } catch (LangError e) {
            return true;
        }
    }

    /** The program with {@code N = 16} put after its leading comments when it takes N from outside. */
    static String withN(String text) {
        if (definesN(text)) return text;
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int at = 0;
        while (at < lines.size() && lines.get(at).startsWith("//")) at++;
        lines.add(at, "N = " + FAMILY_N + "  // set by the template; the program takes any N");
        return String.join("\n", lines);
    }

    /** The {@code .angel} files of the shipped catalogue, sorted by name. */
    static List<String> catalogue() {
        try {
            URI uri = ProgramTemplates.class.getResource(DIRECTORY + "talk-scan16.angel").toURI();
            if (!uri.getScheme().equals("jar")) return list(Path.of(uri).getParent());
            try {
                FileSystems.getFileSystem(uri);
            } catch (FileSystemNotFoundException e) {
                FileSystems.newFileSystem(uri, Map.of());
            }
            return list(Path.of(uri).getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> list(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".angel")).sorted().toList();
        }
    }

    private static String read(String file) {
        try (InputStream in = ProgramTemplates.class.getResourceAsStream(DIRECTORY + file)) {
            if (in == null) throw new IllegalStateException("the template " + file + " is missing from the build");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
