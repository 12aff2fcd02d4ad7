package org.entangle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Whole folders removed at once: scratch folders of the benchmarks and of the class-archive build. JDK only. */
public final class FileTrees {

    private FileTrees() {
    }

    /** Deletes {@code root} and everything under it; nothing happens when it does not exist. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
