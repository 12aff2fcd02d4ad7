package org.entangle.app.gallery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.network.Network;
import org.entangle.network.Schedules;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The gallery's view-model without a screen: sort, filter, distinct modulo schedule, Pareto front, family picker. */
class GalleryViewModelTest {

    private final WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
    private final GalleryViewModel gallery = new GalleryViewModel(workbench);

    @Test
    void opensATournamentAndSortsByGpuTime(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.util.List<org.entangle.tournament.Entry> entries = new java.util.ArrayList<>();
        String[] families = {"sklansky", "kogge-stone", "brent-kung", "han-carlson"};
        double[] times = {2.0, 1.0, 4.0, 3.0};
        for (int i = 0; i < families.length; i++) {
            org.entangle.tournament.Candidate c = org.entangle.tournament.Candidate.of(families[i] + "-32",
                    org.entangle.tournament.Origin.CLASSIC, "test", Families.build(families[i], 32));
            entries.add(org.entangle.tournament.Entry.measured(c, 20, times[i], List.of(times[i])));
        }
        entries.add(org.entangle.tournament.Entry.library("cub::WarpScan", "cub", 16, 0.5, List.of(0.5)));
        org.entangle.tournament.Setting setting = new org.entangle.tournament.Setting("block", 32, 1 << 20, "ns per block scan", null, entries);
        java.nio.file.Path file = dir.resolve("tournament.json");
        java.nio.file.Files.writeString(file, org.entangle.tournament.TournamentJson.write(
                new org.entangle.tournament.TournamentResult("test", "now", null, List.of(setting), List.of())));
        gallery.loadTournament(file);
        assertEquals(List.of("kogge-stone-32", "sklansky-32", "han-carlson-32", "brent-kung-32"),
                gallery.shown().stream().map(e -> e.network().name()).toList());
        assertEquals(0.0, gallery.shown().get(0).gpu().place());
        assertTrue(gallery.shown().get(3).badges().contains("GPU 4.000 ns per block scan"), gallery.shown().get(3).badges());
        gallery.sortByGpuTimeProperty().set(false);
        gallery.sortByProperty().set(GalleryMetric.SIZE);
        assertEquals("brent-kung-32", gallery.shown().get(0).network().name());
    }

    @Test
    void showsEveryFamilySortedByTheChosenMetric() {
        assertEquals(Families.names().size(), gallery.shown().size());
        for (GalleryMetric metric : GalleryMetric.values()) {
            gallery.sortByProperty().set(metric);
            List<GalleryEntry> shown = gallery.shown();
            for (int i = 1; i < shown.size(); i++) {
                assertTrue(metric.of(shown.get(i - 1).metrics()) <= metric.of(shown.get(i).metrics()), metric + " at " + i);
            }
        }
    }

    @Test
    void filterKeepsExactlyTheNetworksWithinTheBound() {
        gallery.filterByProperty().set(GalleryMetric.DEPTH);
        gallery.filterMaxProperty().set(5);
        long expected = workbench.networks().stream().filter(n -> org.entangle.network.metrics.Metrics.of(n).depth() <= 5).count();
        assertEquals(expected, gallery.shown().size());
        assertTrue(expected > 0 && expected < workbench.networks().size());
        gallery.filterMaxProperty().set(null);
        assertEquals(workbench.networks().size(), gallery.shown().size());
    }

    @Test
    void distinctModuloScheduleCountsARescheduledNetworkOnce() {
        Network bk = Families.build("brent-kung", 16);
        workbench.add(Schedules.asap(bk).withName("brent-kung-16-asap"));
        assertEquals(Families.names().size() + 1, gallery.shown().size());
        gallery.distinctModuloScheduleProperty().set(true);
        assertEquals(Families.names().size(), gallery.shown().size());
    }

    @Test
    void paretoEntriesAreExactlyTheUndominatedOnes() {
        for (GalleryEntry e : gallery.shown()) {
            boolean dominated = gallery.shown().stream().anyMatch(o -> o.metrics().size() <= e.metrics().size()
                    && o.metrics().depth() <= e.metrics().depth()
                    && (o.metrics().size() < e.metrics().size() || o.metrics().depth() < e.metrics().depth()));
            assertEquals(!dominated, e.pareto(), e.network().name());
        }
        assertTrue(gallery.shown().stream().anyMatch(GalleryEntry::pareto));
        assertFalse(gallery.shown().stream().allMatch(GalleryEntry::pareto));
    }

    @Test
    void paretoFrontMatchesTheDefinitionOnRandomPoints() {
        long seed = 20261122;
        System.out.println("paretoFrontMatchesTheDefinitionOnRandomPoints seed " + seed);
        java.util.Random random = new java.util.Random(seed);
        for (int round = 0; round < 200; round++) {
            int m = 1 + random.nextInt(40);
            int[] width = new int[m];
            int[] size = new int[m];
            int[] depth = new int[m];
            for (int i = 0; i < m; i++) {
                width[i] = 1 + random.nextInt(2);
                size[i] = random.nextInt(6);
                depth[i] = random.nextInt(6);
            }
            boolean[] front = ParetoFront.of(width, size, depth);
            for (int i = 0; i < m; i++) {
                boolean dominated = false;
                for (int j = 0; j < m; j++) {
                    dominated |= width[j] == width[i] && size[j] <= size[i] && depth[j] <= depth[i]
                            && (size[j] < size[i] || depth[j] < depth[i]);
                }
                assertEquals(!dominated, front[i], "round " + round + ", point " + i);
            }
        }
    }

    @Test
    void familyPickerAddsAndSelectsTheNetwork() {
        gallery.familyProperty().set("kogge-stone");
        gallery.familyWidthProperty().set(32);
        gallery.addFamilyNetwork();
        Network selected = workbench.selectedProperty().get();
        assertEquals("kogge-stone-32", selected.name());
        assertTrue(gallery.shown().stream().anyMatch(e -> e.network() == selected));
        gallery.familyWidthProperty().set(8);
        gallery.loadCatalogue();
        assertTrue(workbench.networks().stream().allMatch(n -> n.width() == 8));
    }
}
