package org.entangle.app.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.junit.jupiter.api.Test;

/** The templates: the talk's programs and Scan6 first, then every non-sketch program of networks/, each runnable. */
class ProgramTemplatesTest {

    /** Every template the workbench lists: the talk's programs and Scan6, then the catalogue's (its view-model's order). */
    static List<ProgramTemplates.Template> every() {
        List<ProgramTemplates.Template> list = new java.util.ArrayList<>(ProgramTemplates.talk());
        list.addAll(ProgramTemplates.fromCatalogue());
        return list;
    }

    @Test
    void theTalkAndScan6ComeFirstAndEveryCatalogueProgramIsListed() throws IOException {
        List<ProgramTemplates.Template> all = every();
        assertEquals(Files.readString(Path.of("networks/talk-scan16.angel")), all.get(0).text());
        assertEquals(Files.readString(Path.of("networks/scan6.angel")), all.get(2).text());
        List<String> files;
        try (Stream<Path> list = Files.list(Path.of("networks"))) {
            files = list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".angel") && !n.startsWith("sketch-")).sorted().toList();
        }
        assertEquals(files, ProgramTemplates.catalogue().stream().filter(n -> !n.startsWith("sketch-")).toList());
        assertEquals(files.size() + 1, all.size(), "every program once, plus the talk's program at N = 8");
        assertTrue(all.stream().anyMatch(t -> t.group().equals("Families") && t.title().startsWith("brent-kung")));
    }

    @Test
    void everyTemplateCompilesWithoutParameters() {
        for (ProgramTemplates.Template t : every()) {
            Machine.of(Program.parse(t.text()), Map.of());
        }
    }
}
