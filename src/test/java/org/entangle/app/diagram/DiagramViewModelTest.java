package org.entangle.app.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.ValueRef;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

class DiagramViewModelTest {

    private static DiagramViewModel showing(Network network) {
        DiagramViewModel vm = new DiagramViewModel();
        vm.resize(1000, 700);
        vm.show(network, DiagramOptions.DEFAULT);
        return vm;
    }

    private static double screenX(DiagramViewModel vm, double x) {
        return x * vm.zoom() + vm.panX();
    }

    private static double screenY(DiagramViewModel vm, double y) {
        return y * vm.zoom() + vm.panY();
    }

    @Test
    void fitShowsTheWholeDiagramCentred() {
        DiagramViewModel vm = showing(Families.build("kogge-stone", 64));
        DiagramLayout layout = vm.layout();
        assertTrue(screenX(vm, 0) >= -1e-9 && screenX(vm, layout.width()) <= 1000 + 1e-9);
        assertTrue(screenY(vm, 0) >= -1e-9 && screenY(vm, layout.height()) <= 700 + 1e-9);
        assertEquals(1000 - screenX(vm, layout.width()), screenX(vm, 0), 1e-6);
    }

    @Test
    void aResizeFitsAgainOnlyWhenAskedTo() {
        DiagramViewModel kept = showing(Families.build("sklansky", 16));
        kept.zoomAt(2, 100, 100);
        double zoom = kept.zoom();
        double panX = kept.panX();
        kept.resize(500, 300);
        assertEquals(zoom, kept.zoom(), 1e-12, "zoom changed by a resize");
        assertEquals(panX, kept.panX(), 1e-12, "pan changed by a resize");

        DiagramViewModel fitted = showing(Families.build("sklansky", 16));
        fitted.setFitOnResize(true);
        fitted.zoomAt(2, 100, 100);
        int[] changes = {0};
        fitted.addListener(() -> changes[0]++);
        fitted.resize(500, 300);
        DiagramLayout layout = fitted.layout();
        assertEquals(1, changes[0], "one change per resize");
        assertEquals(Math.min(500 / layout.width(), 300 / layout.height()), fitted.zoom(), 1e-12);
        assertEquals(500 - screenX(fitted, layout.width()), screenX(fitted, 0), 1e-6, "not centred across");
        assertEquals(300 - screenY(fitted, layout.height()), screenY(fitted, 0), 1e-6, "not centred down");
    }

    @Test
    void zoomKeepsThePointUnderThePointerAndPanMoves() {
        DiagramViewModel vm = showing(Families.build("sklansky", 16));
        double dx = vm.toDiagramX(300);
        double dy = vm.toDiagramY(200);
        vm.zoomAt(3, 300, 200);
        assertEquals(dx, vm.toDiagramX(300), 1e-9);
        assertEquals(dy, vm.toDiagramY(200), 1e-9);
        double before = vm.panX();
        vm.panBy(-40, 10);
        assertEquals(before - 40, vm.panX(), 1e-9);
        vm.zoomAt(1e9, 0, 0);
        assertEquals(DiagramViewModel.MAX_ZOOM, vm.zoom());
    }

    @Test
    void hoverFindsTheOpAndTellsItsStepAndRange() {
        Network ks = Families.build("kogge-stone", 8);
        DiagramViewModel vm = showing(ks);
        DiagramLayout.OpMark target = vm.layout().ops().get(10);
        int[] redraws = {0};
        vm.addListener(() -> redraws[0]++);
        vm.hover(screenX(vm, target.x()) + 1, screenY(vm, target.y()) - 1);
        assertEquals(10, vm.hovered());
        assertTrue(redraws[0] > 0, "hover change redraws");
        String status = vm.status();
        assertTrue(status.contains("step " + target.step()) && status.contains(target.value()), status);
        vm.hover(1, 1);
        assertEquals(-1, vm.hovered());
    }

    @Test
    void clickSelectsTheConeAndClickOnEmptySpaceClearsIt() {
        Network ks = Families.build("kogge-stone", 16);
        DiagramViewModel vm = showing(ks);
        DiagramLayout.OpMark last = vm.layout().ops().get(vm.layout().ops().size() - 1);
        vm.click(screenX(vm, last.x()), screenY(vm, last.y()));
        assertEquals(ValueRef.op(last.step(), last.index()), vm.selected());
        long emphasised = vm.layout().ops().stream().filter(DiagramLayout.OpMark::emphasised).count();
        assertEquals(15, emphasised, "the cone of [0,15] in Kogge-Stone: 15 combines");
        vm.click(2, 2);
        assertNull(vm.selected());
        assertEquals(0, vm.layout().ops().stream().filter(DiagramLayout.OpMark::emphasised).count());
    }
}
