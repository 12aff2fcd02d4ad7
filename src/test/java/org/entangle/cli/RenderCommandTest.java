package org.entangle.cli;

import static org.entangle.cli.CliRun.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.entangle.cli.common.ExitStatus;

class RenderCommandTest {

    @TempDir
    Path dir;


    private Path write(String family, int n) throws IOException {
        Path file = dir.resolve(family + "-" + n + ".json");
        NetworkFiles.save(Families.build(family, n), file);
        return file;
    }

    private List<String> dirListing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void rendersEveryFormat() throws IOException {
        Path file = write("sklansky", 8);
        for (String format : List.of("svg", "png", "pdf", "tikz", "dot")) {
            Path out = dir.resolve("out-" + format);
            CliRun r = run("render", file.toString(), "--format", format, "--color-by", "step", "--ranges", "-o", out.toString());
            assertEquals(0, r.status(), r.err());
            assertTrue(Files.size(out) > 100, format);
        }
        assertTrue(Files.readString(dir.resolve("out-svg")).startsWith("<?xml"));
        assertTrue(Files.readString(dir.resolve("out-pdf"), java.nio.charset.StandardCharsets.ISO_8859_1).startsWith("%PDF"));
    }

    @Test
    void severalFilesSideBySideAndFormatFromTheExtension() throws IOException {
        Path a = write("sklansky", 16);
        Path b = write("kogge-stone", 16);
        Path c = write("brent-kung", 16);
        Path out = dir.resolve("three.png");
        CliRun r = run("render", a.toString(), b.toString(), c.toString(), "-o", out.toString(), "--scale", "0.5");
        assertEquals(0, r.status(), r.err());
        Path one = dir.resolve("one.png");
        assertEquals(0, run("render", a.toString(), "-o", one.toString(), "--scale", "0.5").status());
        assertTrue(ImageIO.read(out.toFile()).getWidth() > 2.5 * ImageIO.read(one.toFile()).getWidth());
    }

    @Test
    void jsonWritesTheNetworkFileBack() throws IOException {
        Path file = write("brent-kung", 16);
        Path out = dir.resolve("copy.json");
        assertEquals(0, run("render", file.toString(), "-o", out.toString()).status());
        assertEquals(Families.build("brent-kung", 16), NetworkFiles.load(out));
        CliRun two = run("render", file.toString(), file.toString(), "--format", "json", "-o", dir.resolve("two.json").toString());
        assertEquals(ExitStatus.BAD_INPUT, two.status());
        assertTrue(two.err().contains("one network"), two.err());
    }

    @Test
    void unknownFormatIsBadInput() throws IOException {
        Path file = write("sklansky", 8);
        List<String> before = dirListing();
        CliRun r = run("render", file.toString(), "--format", "gif", "-o", dir.resolve("x.gif").toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status());
        assertTrue(r.err().contains("unknown format 'gif'"), r.err());
        CliRun colour = run("render", file.toString(), "--format", "svg", "--color-by", "mood");
        assertEquals(ExitStatus.BAD_INPUT, colour.status());
        assertTrue(colour.err().contains("unknown --color-by 'mood'"), colour.err());
        assertEquals(before, dirListing());
    }

    @Test
    void unwritableOutputIsBadInput() throws IOException {
        Path file = write("sklansky", 8);
        CliRun r = run("render", file.toString(), "--format", "svg", "-o", dir.resolve("missing/x.svg").toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status());
        assertTrue(r.err().contains("does not exist"), r.err());
        CliRun intoDirectory = run("render", file.toString(), "--format", "svg", "-o", dir.toString());
        assertEquals(ExitStatus.BAD_INPUT, intoDirectory.status());
        assertTrue(intoDirectory.err().contains("is a directory"), intoDirectory.err());
    }

    @Test
    void tooLargeForTheFormatLeavesNoFile() throws IOException {
        Path file = write("kogge-stone", 1024);
        List<String> before = dirListing();
        CliRun r = run("render", file.toString(), "--format", "pdf", "-o", dir.resolve("big.pdf").toString());
        assertEquals(ExitStatus.BAD_INPUT, r.status());
        assertTrue(r.err().contains("at most 14400 pt per side"), r.err());
        assertEquals(before, dirListing(), "no partial or temporary file is left");
        assertEquals(0, run("render", file.toString(), "--format", "pdf", "--scale", "0.5", "-o",
                dir.resolve("big.pdf").toString()).status());
    }

    @Test
    void badNetworkFileIsBadInput() throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"width\": 4, \"steps\": [[[1,0],[1,2]]]}");
        CliRun r = run("render", file.toString(), "--format", "svg");
        assertEquals(ExitStatus.BAD_INPUT, r.status());
        assertTrue(r.err().contains("bad.json") && r.err().contains("written twice"), r.err());
    }
}
