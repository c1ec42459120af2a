// expect-unsupported: java.lang.management.ManagementFactory.getThreadMXBean: the platform MXBeans
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** ManagementFactory finds its MXBeans through the boot module layer, which jvmc lacks. */
public class ThreadMxBean {
    public static void main(String[] args) {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        System.out.println(bean.getThreadCount() > 0);
    }
}
